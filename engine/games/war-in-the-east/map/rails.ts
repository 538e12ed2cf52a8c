/**
 * The War in the East rail net: substitute main lines of 1941 (the text prints none; the map sheet is absent),
 * given as waypoints (place names, printed hex numbers or [lon, lat]) and routed by the builder along hex
 * lines. On top of them the Axis branch lines of 32.23 and 33.23 run through their printed junction hexes in
 * order (derived: the junctions are printed, the hexes between them are ours). map.test.ts checks that each
 * branch is a connected rail path through its junctions and that the net reaches both map edges.
 */
import type { LonLat, RailSpec } from '../../../maps/spec';
import { BOOK_RAIL_BRANCHES } from './book';

const sub = 'substitute' as const;
const line = (name: string, ...via: (string | LonLat)[]): RailSpec => ({ name, via, prov: sub, src: 'substitute route' });

const CHUDOVO: LonLat = [31.66, 59.12];
const BOLOGOYE: LonLat = [34.05, 57.88];
const DNO: LonLat = [29.97, 57.83];
const STARAYA_RUSSA: LonLat = [31.35, 57.99];
const ROSLAVL: LonLat = [32.87, 53.95];
const SARNY: LonLat = [26.6, 51.34];
const KOROSTEN: LonLat = [28.63, 50.95];
const ZHMERINKA: LonLat = [28.1, 49.04];
const RAZDELNAYA: LonLat = [30.08, 46.85];
const SINELNIKOVO: LonLat = [35.52, 48.32];
const SLAVYANSK: LonLat = [37.6, 48.85];
const DEBALTSEVO: LonLat = [38.4, 48.34];
const LIKHAYA: LonLat = [40.2, 48.1];
const POVORINO: LonLat = [42.05, 51.19];
const RTISHCHEVO: LonLat = [43.78, 52.26];
const KANASH: LonLat = [47.49, 55.51];
const VLADIMIR: LonLat = [40.4, 56.13];
const KONOSHA: LonLat = [40.2, 60.97];
const BASKUNCHAK: LonLat = [46.8, 48.2];
const KOTELNIKOVO: LonLat = [43.15, 47.63];
const DZHANKOI: LonLat = [34.4, 45.71];
const DOLINSKAYA: LonLat = [32.77, 48.11];
const BACAU: LonLat = [26.91, 46.57];
const BUZAU: LonLat = [26.82, 45.15];
const SUBOTICA: LonLat = [19.67, 46.1];
const KAJAANI: LonLat = [27.73, 64.23];
const ELBING: LonLat = [19.4, 54.16];
const SUKHINICHI: LonLat = [35.34, 54.1];

export const trunkLines: RailSpec[] = [
  line('Warsaw - Minsk - Moscow', 'Warsaw', 'Brest-Litovsk', 'Baranovichi', 'Minsk', 'Orsha', 'Smolensk', 'Vyazma', 'Moscow'),
  line('Königsberg - Vilna - Minsk', 'Königsberg', 'Insterburg', 'Kaunas', 'Vilna', 'Minsk'),
  line('Warsaw - Vilna - Leningrad', 'Warsaw', 'Bialystok', 'Grodno', 'Vilna', 'Dvinsk', 'Pskov', 'Luga', 'Leningrad'),
  line('Riga - Vitebsk - Orel', 'Riga', 'Dvinsk', 'Polotsk', 'Vitebsk', 'Orsha', 'Mogilev', 'Zhlobin', 'Gomel', 'Bryansk', 'Orel'),
  line('October railway', 'Leningrad', CHUDOVO, BOLOGOYE, 'Kalinin', 'Moscow'),
  line('Novgorod - Dno - Velikiye Luki', CHUDOVO, 'Novgorod', STARAYA_RUSSA, DNO, 'Velikiye Luki'),
  line('Leningrad - Dno - Vitebsk', 'Leningrad', DNO, 'Velikiye Luki', 'Vitebsk'),
  line('Leningrad - Vologda - Moscow', 'Leningrad', 'Volkhov', 'Tikhvin', 'Cherepovets', 'Vologda', 'Yaroslavl', 'Moscow'),
  line('Kirov (Murmansk) railway', 'Volkhov', 'Petrozavodsk', 'Belomorsk', 'Kem', 'Kandalaksha', 'Murmansk'),
  line('Vologda - Archangelsk', 'Vologda', KONOSHA, 'Archangelsk'),
  line('Konosha - Kotlas - Kirov', KONOSHA, 'Velsk', 'Kotlas', 'Kirov'),
  line('Gorky - Kirov - Perm', 'Gorky', 'Kirov', [56.25, 58.0]),
  line('Kazan - Moscow', [56.0, 56.5], 'Izhevsk', 'Kazan', KANASH, 'Arzamas', 'Murom', VLADIMIR, 'Moscow'),
  line('Gorky - Moscow', 'Gorky', VLADIMIR),
  line('Yaroslavl - Rybinsk', 'Yaroslavl', 'Rybinsk'),
  line('Moscow - Ivanovo - Kineshma', VLADIMIR, 'Ivanovo', 'Kostroma', 'Yaroslavl'),
  line('Kubishev - Moscow', [56.0, 53.5], 'Kubishev', 'Syzran', 'Penza', 'Ruzayevka', 'Ryazan', 'Moscow'),
  line('Ulyanovsk - Syzran', 'Ulyanovsk', 'Syzran'),
  line('Ruzayevka - Kanash', 'Ruzayevka', 'Saransk', KANASH),
  line('Saratov - Moscow', [56.0, 51.8], 'Saratov', RTISHCHEVO, 'Tambov', 'Michurinsk', 'Ryazan'),
  line('Stalingrad - Gryazi', 'Stalingrad', POVORINO, 'Gryazi', 'Michurinsk'),
  line('Saratov - Povorino', 'Saratov', 'Balashov', POVORINO),
  line('Astrakhan - Saratov', 'Astrakhan', BASKUNCHAK, 'Kamyshin', 'Saratov'),
  line('Kharkov - Moscow', 'Kharkov', 'Belgorod', 'Kursk', 'Orel', 'Tula', 'Moscow'),
  line('Kiev - Bryansk - Moscow', 'Kiev', 'Konotop', 'Bryansk', SUKHINICHI, 'Kaluga', 'Moscow'),
  line('Smolensk - Bryansk', 'Smolensk', ROSLAVL, 'Bryansk'),
  line('Vitebsk - Rzhev - Moscow', 'Velikiye Luki', 'Rzhev', 'Moscow'),
  line('Rzhev - Vyazma - Kaluga', 'Rzhev', 'Vyazma', SUKHINICHI, 'Tula', 'Ryazan'),
  line('Orel - Yelets - Gryazi', 'Orel', 'Yelets', 'Gryazi', 'Voronezh'),
  line('Voronezh - Rostov', 'Voronezh', 'Rossosh', 'Millerovo', LIKHAYA, 'Rostov'),
  line('Likhaya - Stalingrad', LIKHAYA, 'Stalingrad'),
  line('Kursk - Voronezh', 'Kursk', 'Voronezh'),
  line('Minsk - Gomel', 'Minsk', 'Bobruisk', 'Zhlobin'),
  line('Polesie railway', 'Brest-Litovsk', 'Pinsk', 'Mozyr', 'Gomel', 'Chernigov', 'Kiev'),
  line('Baranovichi - Sarny - Kiev', 'Baranovichi', SARNY, KOROSTEN, 'Kiev'),
  line('Warsaw - Kovel - Kiev', 'Warsaw', 'Lublin', 'Kovel', 'Rovno', 'Zhitomir', 'Kiev'),
  line('Krakow - Lvov - Kiev', 'Krakow', 'Lvov', 'Tarnopol', 'Proskurov', ZHMERINKA, 'Vinnitsa', 'Berdichev', 'Kiev'),
  line('Lvov - Czernowitz - Bucharest', 'Lvov', 'Stanislav', 'Czernowitz', 'Iasi', BACAU, BUZAU, 'Ploesti', 'Bucharest'),
  line('Iasi - Odessa', 'Iasi', 'Kishinev', 'Tiraspol', RAZDELNAYA, 'Odessa'),
  line('Odessa - Zhmerinka', RAZDELNAYA, ZHMERINKA),
  line('Odessa - Nikolaev - Kherson', RAZDELNAYA, 'Nikolaev', 'Kherson'),
  line('Kiev - Poltava - Kharkov', 'Kiev', 'Poltava', 'Kharkov'),
  line('Kharkov - Sevastopol', 'Kharkov', 'Lozovaya', SINELNIKOVO, 'Zaporozhye', 'Melitopol', DZHANKOI, 'Simferopol', 'Sevastopol'),
  line('Dzhankoi - Kerch', DZHANKOI, 'Kerch'),
  line('Dnepropetrovsk lines', 'Krivoi Rog', 'Dnepropetrovsk', SINELNIKOVO),
  line('Nikolaev - Kirovograd - Poltava', 'Nikolaev', DOLINSKAYA, 'Kirovograd', 'Kremenchug', 'Poltava'),
  line('Dolinskaya - Krivoi Rog', DOLINSKAYA, 'Krivoi Rog'),
  line('Donbas - Rostov', 'Lozovaya', SLAVYANSK, 'Stalino', 'Taganrog', 'Rostov'),
  line('Dnepropetrovsk - Stalino', 'Dnepropetrovsk', 'Stalino', 'Makeyevka', DEBALTSEVO, 'Voroshilov', 'Millerovo'),
  line('Stalino - Mariupol', 'Stalino', 'Mariupol'),
  line('Kharkov - Kupyansk - Voroshilov', 'Kharkov', 'Kupyansk', 'Voroshilov'),
  line('Rostov - Novorossiysk', 'Rostov', 'Tikhoretsk', 'Krasnodor', 'Novorossiysk'),
  line('Tikhoretsk - Armavir', 'Tikhoretsk', 'Armavir', 'Maikop'),
  line('Armavir - Voroshilovsk', 'Armavir', 'Voroshilovsk'),
  line('Tikhoretsk - Stalingrad', 'Tikhoretsk', 'Salsk', KOTELNIKOVO, 'Stalingrad'),
  line('Baltic coast', 'Leningrad', 'Narva', 'Tallinn'),
  line('Tallinn - Riga', 'Tallinn', 'Tartu', 'Riga'),
  line('Pskov - Tartu', 'Pskov', 'Tartu'),
  line('Riga - Siauliai - Insterburg', 'Riga', 'Siauliai', 'Insterburg'),
  line('Königsberg - Danzig', 'Königsberg', ELBING, 'Danzig'),
  line('Danzig - Warsaw', 'Danzig', 'Warsaw'),
  line('Warsaw - Krakow', 'Warsaw', 'Krakow'),
  line('Leningrad - Helsinki', 'Leningrad', 'Viipuri', 'Lahti', 'Helsinki', 'Turku'),
  line('Helsinki - Oulu', 'Helsinki', 'Tampere', 'Kokkola', 'Oulu', 'Kemi', 'Rovaniemi'),
  line('Tampere - Vaasa', 'Tampere', 'Vaasa'),
  line('Tampere - Pori', 'Tampere', 'Pori'),
  line('Savo railway', 'Lahti', 'Kuopio', KAJAANI, 'Oulu'),
  line('Karelian railway', 'Viipuri', 'Joensuu', 'Kuopio'),
  line('Budapest - Kosice', 'Budapest', 'Miskolc', 'Kosice'),
  line('Budapest - Brasov', 'Budapest', 'Debrecen', 'Cluj', 'Brasov', 'Ploesti'),
  line('Belgrade - Budapest', 'Belgrade', SUBOTICA, 'Budapest'),
  line('Belgrade - Timisoara', 'Belgrade', 'Timisoara'),
  line('Bucharest - Constanta', 'Bucharest', 'Constanta'),
  line('Buzau - Galati', BUZAU, 'Galati'),
  line('Bucharest - Ruse', 'Bucharest', 'Ruse'),
  // to the west map edge (Axis supply sources, 13.53: west edge rail hexes south of SW1033)
  line('to Stettin', 'Danzig', [16.5, 54.2]),
  line('to Posen', 'Warsaw', [16.9, 52.4]),
  line('to Breslau', 'Krakow', [17.0, 50.9]),
  line('to Vienna', 'Budapest', [16.5, 48.0]),
  line('to Zagreb', 'Belgrade', [16.5, 45.5]),
];

export const branchLines: RailSpec[] = BOOK_RAIL_BRANCHES.map((b) => ({
  name: `Axis branch ${b.branch} (${b.src})`,
  via: b.junctions,
  prov: 'derived',
  src: `${b.src}: printed junction hexes ${b.junctions.join(' - ')}; the hexes between them are substitute`,
}));

export const rails: RailSpec[] = [...trunkLines, ...branchLines];
