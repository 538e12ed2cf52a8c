import * as Y from 'yjs';
import { MAX_DOC_BYTES } from '../../../server/yjs/names';

/**
 * True when a shared document is at the server's size cap, so further changes would be dropped there. The
 * browser's encoded state is a lower bound of the server's count, so this errs towards letting a change through.
 */
export function docIsFull(doc: Y.Doc): boolean {
  return Y.encodeStateAsUpdate(doc).byteLength >= MAX_DOC_BYTES;
}

export const DOC_FULL_MESSAGE = 'This shared document has reached its size limit; new changes are no longer kept.';
