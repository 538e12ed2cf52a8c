// Builds ../counters.json, the substitute counter manifest (228 counters), from July 1945 orders of battle.
// Run: node engine/games/operation-unthinkable/data/tools/build-counters.mjs
// Factors come from one table keyed by side, type and size (FACTORS below), not per counter: a data pack
// with the printed counter values can replace counters.json without code changes.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// [attack, defense] per remaining-step level, full strength first. Substitute values.
const FACTORS = {
  'soviet:rifle:XXX': [
    [6, 5],
    [3, 3],
  ],
  'soviet:guardsRifle:XXX': [
    [7, 6],
    [4, 3],
  ],
  'soviet:motorized:XXX': [
    [7, 6],
    [4, 3],
  ],
  'soviet:armor:XXX': [
    [9, 6],
    [5, 3],
  ],
  'soviet:combinedArms:XXX': [
    [9, 7],
    [5, 4],
  ],
  'soviet:cavalry:XXX': [
    [5, 4],
    [3, 2],
  ],
  'soviet:artillery:XXX': [[8, 3]],
  'soviet:rifle:XXXX': [
    [6, 6],
    [3, 3],
  ],
  'allied:armor:XX:US': [
    [8, 6],
    [4, 3],
  ],
  'allied:motorized:XX:US': [
    [5, 6],
    [3, 3],
  ],
  'allied:cavalry:X:US': [[2, 2]],
  'allied:armor:XX:UK': [
    [7, 6],
    [4, 3],
  ],
  'allied:motorized:XX:UK': [
    [5, 5],
    [3, 3],
  ],
  'allied:amphibiousTank:XX:UK': [
    [4, 5],
    [2, 3],
  ],
  'allied:armor:X:UK': [[3, 2]],
  'allied:motorized:X:UK': [[2, 3]],
  'allied:armor:XX:PL2': [
    [6, 5],
    [3, 3],
  ],
  'allied:motorized:XX:PL2': [
    [5, 5],
    [3, 3],
  ],
  'allied:armor:XX:DE': [
    [6, 4],
    [3, 2],
  ],
  'allied:motorized:XX:DE': [
    [4, 4],
    [2, 2],
  ],
  'allied:airborne:XXX:AAA18': [
    [8, 9],
    [6, 7],
    [4, 5],
    [2, 3],
  ],
  'allied:airborne:XXX:AAA1': [
    [6, 7],
    [3, 4],
  ],
};

const units = [];
function add(u) {
  units.push(u);
}
function su(front, army, names, type = 'rifle', extra = {}) {
  for (const n of names) {
    const guards = /G$/.test(n);
    const t = type === 'rifle' && guards ? 'guardsRifle' : type;
    const kind = { rifle: 'RC', guardsRifle: 'RC', motorized: 'MRC', armor: 'TC', combinedArms: 'MC', cavalry: 'CC', artillery: 'BAC' }[t];
    add({
      id: `su-${n.toLowerCase()}-${kind.toLowerCase()}`,
      name: `${n} ${kind}${army ? ` (${army})` : ''}`,
      side: 'soviet',
      nat: 'SU',
      cmd: front,
      type: t === 'guardsRifle' ? 'rifle' : t,
      size: 'XXX',
      fkey: `soviet:${t}:XXX`,
      ...extra,
    });
  }
}
// 1st Belorussian Front (Zhukov; from June 1945 the Group of Soviet Occupation Forces in Germany)
su('1bf', '3 Shock', ['7', '12', '79']);
su('1bf', '5 Shock', ['9', '26', '32']);
su('1bf', '8 Gds', ['28G', '29G']);
su('1bf', '8 Gds', ['4G'], 'motorized'); // the rulebook's 4G Motorized Rifle Corps (10.2.1)
su('1bf', '47', ['77', '125', '129']);
su('1bf', '61', ['9G', '80', '89']);
su('1bf', '69', ['25', '61', '91']);
su('1bf', '33', ['16', '38', '62']);
su('1bf', '3', ['35', '40', '41']);
su('1bf', '1 Gds Tank', ['11G', '11'], 'armor');
su('1bf', '1 Gds Tank', ['8G'], 'combinedArms');
su('1bf', '2 Gds Tank', ['9G', '12G'], 'armor');
su('1bf', '2 Gds Tank', ['1'], 'combinedArms');
su('1bf', null, ['2G', '7G'], 'cavalry');
su('1bf', null, ['4', '6'], 'artillery');
add({
  id: 'pc-1-army',
  name: '1 Polish Army',
  side: 'soviet',
  nat: 'PC',
  cmd: '1bf',
  type: 'rifle',
  size: 'XXXX',
  fkey: 'soviet:rifle:XXXX',
});
// 2nd Belorussian Front (Rokossovsky; Northern Group of Forces)
su('2bf', '2 Shock', ['108', '116']);
su('2bf', '65', ['18', '46', '105']);
su('2bf', '70', ['47', '96', '114']);
su('2bf', '49', ['70', '121']);
su('2bf', '19', ['40G', '132', '134']);
su(
  '2bf',
  null,
  ['1G', '3G', '8G'].map((x) => x),
  'armor',
);
su('2bf', null, ['8'], 'combinedArms');
su('2bf', null, ['3G'], 'cavalry');
su('2bf', null, ['5'], 'artillery');
// 1st Ukrainian Front (Konev; Central Group of Forces)
su('1uf', '3 Gds Tank', ['6G', '7G'], 'armor');
su('1uf', '3 Gds Tank', ['9'], 'combinedArms');
su('1uf', '4 Gds Tank', ['10G'], 'armor');
su('1uf', '4 Gds Tank', ['5G', '6G'], 'combinedArms');
su('1uf', '5 Gds', ['32G', '33G', '34G']);
su('1uf', '13', ['24', '27', '102']);
su('1uf', '3 Gds', ['21', '76', '120']);
su('1uf', '52', ['48', '73', '78']);
su('1uf', '28', ['20', '128', '3G']);
su('1uf', '59', ['43', '93', '115']);
su('1uf', null, ['4G', '25'], 'armor');
su('1uf', null, ['7G'], 'combinedArms');
su('1uf', null, ['1G'], 'cavalry'); // the rulebook's 1G cavalry corps (10.2.1)
su('1uf', null, ['3', '10'], 'artillery');
add({
  id: 'pc-2-army',
  name: '2 Polish Army',
  side: 'soviet',
  nat: 'PC',
  cmd: '1uf',
  type: 'rifle',
  size: 'XXXX',
  fkey: 'soviet:rifle:XXXX',
});
// Stavka reserve: the R pool (designer's note to 6.1); armies then in Poland, East Prussia and the Baltic
const R = { r: true };
su('stavka', '2 Gds', ['11G', '13G', '60'], 'rifle', R);
su('stavka', '31', ['36', '44', '71'], 'rifle', R);
su('stavka', '43', ['54', '90', '103'], 'rifle', R);
su('stavka', '50', ['69', '81', '124'], 'rifle', R);
su('stavka', '39', ['5G', '94', '113'], 'rifle', R);
su('stavka', '5', ['45', '65', '72'], 'rifle', R);
su('stavka', '11 Gds', ['8G', '16G', '36G'], 'rifle', R);
su('stavka', null, ['1', '2G', '19', '29'], 'armor', R);
su('stavka', null, ['1G', '3'], 'combinedArms', R);
su('stavka', null, ['4G', '6G'], 'cavalry', R);
su('stavka', null, ['1G', '7'], 'artillery', R);
// The R pool ids must not collide with front units of the same number: suffix them
for (const u of units)
  if (u.r) {
    u.id = `${u.id}-r`;
  }

// US 12th Army Group (Bradley): all US units are mechanized in this game (2.3.4)
function us(names, type, size, extra = {}) {
  for (const n of names) {
    const k = { armor: 'AD', motorized: 'ID', cavalry: 'Cav Gp' }[type];
    add({
      id: `us-${n}-${k.toLowerCase().replace(/ /g, '')}`,
      name: `${n} ${k}`,
      side: 'allied',
      nat: 'US',
      ag: 'US',
      cmd: 'us-12ag',
      type,
      size,
      fkey: `allied:${type}:${size}:US`,
      ...extra,
    });
  }
}
us(['2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '13', '14', '16', '20'], 'armor', 'XX');
us(
  [
    '1',
    '2',
    '4',
    '5',
    '8',
    '9',
    '26',
    '29',
    '30',
    '35',
    '44',
    '65',
    '69',
    '70',
    '71',
    '76',
    '78',
    '79',
    '80',
    '83',
    '84',
    '86',
    '89',
    '90',
    '97',
    '99',
    '102',
    '104',
  ],
  'motorized',
  'XX',
);
us(['2', '3', '4', '6', '11', '15', '16', '102'], 'cavalry', 'X');
// British 21st Army Group (Montgomery) with the Canadian and Polish formations and the German units (2.3.1)
function uk(id, name, nat, type, size, extra = {}) {
  const natKey = nat === 'CN' ? 'UK' : nat;
  add({ id, name, side: 'allied', nat, ag: 'UK', cmd: 'uk-21ag', type, size, fkey: `allied:${type}:${size}:${natKey}`, ...extra });
}
uk('uk-gds-ad', 'Guards Armd Div', 'UK', 'armor', 'XX');
uk('uk-7-ad', '7 Armd Div', 'UK', 'armor', 'XX');
uk('uk-11-ad', '11 Armd Div', 'UK', 'armor', 'XX');
uk('uk-79-ad', '79 Armd Div', 'UK', 'amphibiousTank', 'XX', { special: '79th' });
for (const n of ['3', '5', '15', '43', '49', '51', '52', '53']) uk(`uk-${n}-id`, `${n} Inf Div`, 'UK', 'motorized', 'XX');
uk('cn-4-ad', '4 Cdn Armd Div', 'CN', 'armor', 'XX');
uk('cn-5-ad', '5 Cdn Armd Div', 'CN', 'armor', 'XX');
for (const n of ['1', '2', '3']) uk(`cn-${n}-id`, `${n} Cdn Inf Div`, 'CN', 'motorized', 'XX');
for (const [id, name] of [
  ['uk-4-ab', '4 Armd Bde'],
  ['uk-6g-tb', '6 Gds Tank Bde'],
  ['uk-8-ab', '8 Armd Bde'],
  ['uk-33-ab', '33 Armd Bde'],
  ['uk-34-tb', '34 Tank Bde'],
  ['cn-1-ab', '1 Cdn Armd Bde'],
  ['cn-2-ab', '2 Cdn Armd Bde'],
])
  uk(id, name, id.startsWith('cn') ? 'CN' : 'UK', 'armor', 'X');
uk('co-1-bde', '1 Cdo Bde', 'UK', 'motorized', 'X');
uk('co-4-bde', '4 Cdo Bde', 'UK', 'motorized', 'X');
uk('rm-116-bde', '116 RM Bde', 'UK', 'motorized', 'X');
uk('rm-117-bde', '117 RM Bde', 'UK', 'motorized', 'X');
uk('pl-1-ad', '1 Pol Armd Div', 'PL2', 'armor', 'XX');
uk('pl-2-ad', '2 Pol Armd Div', 'PL2', 'armor', 'XX');
uk('pl-3-id', '3 Carpathian Div', 'PL2', 'motorized', 'XX');
uk('pl-5-id', '5 Kresowa Div', 'PL2', 'motorized', 'XX');
for (const [n, t] of [
  ['Clausewitz Pz', 'armor'],
  ['15 PzGr', 'armor'],
  ['7 FJ', 'motorized'],
  ['8 FJ', 'motorized'],
  ['245', 'motorized'],
  ['325', 'motorized'],
  ['480', 'motorized'],
  ['490', 'motorized'],
  ['Hamburg', 'motorized'],
  ['Schleswig', 'motorized'],
])
  uk(`de-${n.toLowerCase().replace(/ /g, '-')}`, `UKG ${n} Div`, 'DE', t, 'XX');
// 1st Allied Airborne Army: the 18th Airborne Corps is one 4-step unit on two counters (2.3.7)
add({
  id: 'aaa-18-abc',
  name: '18 Airborne Corps',
  side: 'allied',
  nat: 'AAA',
  ag: null,
  cmd: 'supreme',
  type: 'airborne',
  size: 'XXX',
  fkey: 'allied:airborne:XXX:AAA18',
  counters: 2,
});
add({
  id: 'aaa-1-abc',
  name: '1 Airborne Corps',
  side: 'allied',
  nat: 'AAA',
  ag: null,
  cmd: 'supreme',
  type: 'airborne',
  size: 'XXX',
  fkey: 'allied:airborne:XXX:AAA1',
});

for (const u of units) {
  const f = FACTORS[u.fkey];
  if (!f) throw new Error(`no factors for ${u.fkey}`);
  u.f = f;
  delete u.fkey;
}
const ids = new Set();
for (const u of units) {
  if (ids.has(u.id)) throw new Error(`duplicate ${u.id}`);
  ids.add(u.id);
}
const unitCounters = units.reduce((n, u) => n + (u.counters ?? 1), 0);
const markers = { usHeavyBomber: 1, ukHeavyBomber: 1 };
markers.alliedControl = 228 - unitCounters - 2;
const out = {
  prov: 'substitute',
  src: 'ours: July 1945 orders of battle (US 12th Army Group; British 21st Army Group with Canadian and Polish formations; 1st and 2nd Belorussian and 1st Ukrainian Fronts; Stavka reserve as the R pool). Factors by side, type and size from one substitute table; the printed counter values are not in the rulebook text.',
  printedFacts:
    '228 counters (2.0); 1AAA = 3 counters, 18th Airborne Corps 4 steps on 2 counters (2.3.7); 2 Communist Polish armies count as corps (1.2, 7.2); 79th Armored Division (10.2.2); 4G Motorized Rifle and 1G Guards Cavalry corps (10.2.1); 2 heavy bomber markers (2.5).',
  counters: unitCounters + 2 + markers.alliedControl,
  markers,
  units,
};
const path = fileURLToPath(new URL('../counters.json', import.meta.url));
writeFileSync(path, JSON.stringify(out, null, 0).replace(/\},\{/g, '},\n{') + '\n');
console.log(units.length, 'units;', unitCounters, 'unit counters;', markers.alliedControl, 'control markers');
console.log(
  'soviet',
  units.filter((u) => u.side === 'soviet').length,
  'R',
  units.filter((u) => u.r).length,
  'allied',
  units.filter((u) => u.side === 'allied').length,
);
