/**
 * Substitute railways for EastFront: the rulebook prints none of its rail net in text, so these are the
 * 1941-44 trunk lines between the places the rules use, routed along hexes by the builder (shortest land path
 * between waypoints). Waypoints are rulebook names, or [lon, lat] for junctions the book does not name.
 * Checks that bind them: the Edelweiss rail moves (Tbilisi -> Armavir 7 hexes; Maikop -> Stalingrad E1
 * 11 hexes avoiding the battle hexes), railheads at Kerch, Millerovo and Voroshilovgrad, the Sivash crossing
 * (1.6) and no rail over the Kerch straits (1.38).
 */
import type { RailSpec } from '../../../maps/spec';

const R = (name: string, via: RailSpec['via']): RailSpec => ({ name, via, prov: 'substitute', src: '1941-44 trunk line' });

// junctions the rulebook does not name
const Chudovo = [31.68, 59.12] as const;
const Bologoye = [34.05, 57.88] as const;
const Vyazma = [34.3, 55.21] as const;
const Orsha = [30.42, 54.51] as const;
const Dvinsk = [26.53, 55.87] as const;
const Vilnius = [25.28, 54.69] as const;
const Kaunas = [23.9, 54.9] as const;
const Bialystok = [23.16, 53.13] as const;
const Brest = [23.69, 52.1] as const;
const Baranovichi = [26.0, 53.13] as const;
const Luninets = [26.8, 52.25] as const;
const Zhlobin = [30.03, 52.89] as const;
const Mogilev = [30.33, 53.9] as const;
const Chernigov = [31.29, 51.5] as const;
const Kaluga = [36.26, 54.51] as const;
const Orel = [36.08, 52.97] as const;
const Zhitomir = [28.66, 50.25] as const;
const Rovno = [26.25, 50.62] as const;
const Kovel = [24.71, 51.21] as const;
const Kazatin = [28.84, 49.72] as const;
const Proskurov = [26.99, 49.42] as const;
const Poltava = [34.55, 49.59] as const;
const Lozovaya = [36.32, 48.89] as const;
const Zaporozhye = [35.14, 47.84] as const;
const Dzhankoy = [34.39, 45.71] as const;
const Feodosia = [35.38, 45.03] as const;
const Kishinev = [28.86, 47.01] as const;
const Iasi = [27.6, 47.16] as const;
const Buzau = [26.83, 45.15] as const;
const Focsani = [27.18, 45.7] as const;
const Ruse = [25.97, 43.85] as const;
const Tikhoretsk = [40.12, 45.85] as const;
const Belorechensk = [39.87, 44.77] as const;
const MinVody = [43.13, 44.21] as const;
const Prokhladny = [44.03, 43.75] as const;
const Beslan = [44.53, 43.19] as const;
const Gudermes = [46.1, 43.35] as const;
const Kizlyar = [46.71, 43.85] as const;
const Baskunchak = [46.9, 48.2] as const;
const Sochi = [39.73, 43.59] as const;
const Sukhumi = [41.02, 43.0] as const;
const Samtredia = [42.34, 42.16] as const;
const Likhaya = [40.2, 48.15] as const;
const Morozovsk = [41.83, 48.35] as const;
const Rossosh = [39.57, 50.19] as const;
const Liski = [39.5, 50.98] as const;
const Valuyki = [38.1, 50.21] as const;
const Kupyansk = [37.61, 49.71] as const;
const Ryazan = [39.74, 54.63] as const;
const Michurinsk = [40.5, 52.9] as const;
const Vladimir = [40.4, 56.13] as const;
const Tikhvin = [33.6, 59.64] as const;
const Lodeynoye = [33.55, 60.73] as const;
const Narva = [28.19, 59.38] as const;
const Tartu = [26.72, 58.38] as const;
const Valga = [26.05, 57.78] as const;
const Siauliai = [23.32, 55.93] as const;
const Tilsit = [21.88, 55.08] as const;
const Elbing = [19.4, 54.16] as const;
const Dno = [29.9, 57.83] as const;
const Polotsk = [28.78, 55.49] as const;
const Zvenigorodka = [30.97, 49.08] as const;
const Znamenka = [32.66, 48.72] as const;
const Dolinskaya = [32.77, 48.11] as const;
const Vapnyarka = [28.75, 48.53] as const;
const Lublin = [22.57, 51.25] as const;
const Przemysl = [22.77, 49.78] as const;

export const rails: RailSpec[] = [
  R('Oktyabrskaya (Leningrad-Moscow)', ['Leningrad', Chudovo, Bologoye, 'Kalinin', 'Moscow']),
  R('Leningrad-Volkhov-Vologda', ['Leningrad', 'Volkhov', Tikhvin, [38.0, 59.2]]),
  R('Kirov railway (to Murmansk)', ['Volkhov', Lodeynoye, [34.3, 61.6]]),
  R('Leningrad-Vyborg', ['Leningrad', [28.9, 60.9]]),
  R('Leningrad-Tallinn', ['Leningrad', Narva, 'Tallinn']),
  R('Tallinn-Riga', ['Tallinn', Tartu, Valga, 'Riga']),
  R('Leningrad-Pskov-Dvinsk-Vilnius', ['Leningrad', 'Pskov', Dvinsk, Vilnius]),
  R('Leningrad-Dno-Vitebsk', ['Leningrad', Dno, Polotsk, 'Vitebsk']),
  R('Riga-Dvinsk-Polotsk', ['Riga', Dvinsk, Polotsk]),
  R('Riga-Ventspils', ['Riga', 'Ventspils']),
  R('Riga-Siauliai-Tilsit-Königsberg', ['Riga', Siauliai, Tilsit, 'Königsberg']),
  R('Memel-Tilsit', ['Memel', Tilsit]),
  R('Königsberg-Danzig', ['Königsberg', Elbing, 'Danzig']),
  R('Danzig-Stettin', ['Danzig', [17.3, 54.45]]),
  R('Königsberg-Kaunas-Vilnius-Minsk', ['Königsberg', Kaunas, Vilnius, 'Minsk']),
  R('Minsk-Smolensk-Moscow', ['Minsk', Orsha, 'Smolensk', Vyazma, 'Moscow']),
  R('Warsaw-Bialystok-Grodno-Vilnius', ['Warsaw', Bialystok, 'Grodno', Vilnius]),
  R('Warsaw-Brest-Minsk', ['Warsaw', Brest, Baranovichi, 'Minsk']),
  R('Warsaw-Posen', ['Warsaw', [17.2, 52.3]]),
  R('Danzig-Bromberg-Posen', ['Danzig', [17.9, 53.1], [17.2, 52.5]]),
  R('Warsaw-Lodz-Breslau', ['Warsaw', [19.46, 51.76], [17.5, 51.3]]),
  R('Warsaw-Krakow', ['Warsaw', [19.94, 50.06], [19.0, 50.1]]),
  R('Warsaw-Lublin-Kovel-Rovno', ['Warsaw', Lublin, Kovel, 'Luck', Rovno]),
  R('Brest-Kovel', [Brest, Kovel]),
  R('Krakow-Przemysl-Lvov', [[19.94, 50.06], Przemysl, 'Lvov']),
  R('Polesie (Brest-Gomel)', [Brest, Luninets, 'Gomel']),
  R('Vitebsk-Orsha-Mogilev-Gomel', ['Vitebsk', Orsha, Mogilev, Zhlobin, 'Gomel']),
  R('Vitebsk-Smolensk', ['Vitebsk', 'Smolensk']),
  R('Gomel-Bryansk-Kaluga-Moscow', ['Gomel', 'Bryansk', Kaluga, 'Moscow']),
  R('Bryansk-Vyazma', ['Bryansk', Vyazma]),
  R('Gomel-Chernigov-Kiev', ['Gomel', Chernigov, 'Kiev']),
  R('Kiev-Bakhmach-Bryansk', ['Kiev', [32.8, 51.18], 'Bryansk']),
  R('Kiev-Zhitomir-Rovno-Lvov', ['Kiev', Zhitomir, Rovno, 'Lvov']),
  R('Kiev-Kazatin-Vinnitsa-Proskurov-Ternopol-Lvov', ['Kiev', Kazatin, 'Vinnitsa', Proskurov, 'Ternopol', 'Lvov']),
  R('Lvov-Cernauti-Iasi', ['Lvov', 'Cernauti', Iasi]),
  R('Lvov-Hungary (Lavochne)', ['Lvov', [22.4, 48.9]]),
  R('Cernauti-Kolomyya-Hungary', ['Cernauti', [24.2, 48.1]]),
  R('Vinnitsa-Vapnyarka-Odessa', ['Vinnitsa', Vapnyarka, 'Odessa']),
  R('Tulchin-Uman', [Vapnyarka, 'Tulchin', 'Uman']),
  R('Uman-Zvenigorodka-Cherkassy', ['Uman', Zvenigorodka, 'Cherkassy']),
  R('Kiev-Cherkassy', ['Kiev', 'Cherkassy']),
  R('Kiev-Poltava-Kharkov', ['Kiev', Poltava, 'Kharkov']),
  R('Cherkassy-Znamenka-Dolinskaya-Krivoy-Rog', ['Cherkassy', Znamenka, Dolinskaya, 'Krivoy-Rog']),
  R('Kremenchug-Poltava', ['Kremenchug', Poltava]),
  R('Kremenchug-Znamenka', ['Kremenchug', Znamenka]),
  R('Dolinskaya-Nikolaev', [Dolinskaya, 'Nikolaev']),
  R('Odessa-Nikolaev', ['Odessa', 'Nikolaev']),
  R('Odessa-Kishinev-Iasi', ['Odessa', Kishinev, Iasi]),
  R('Iasi-Focsani-Buzau-Ploesti-Bucharest', [Iasi, Focsani, Buzau, 'Ploesti', 'Bucharest']),
  R('Ploesti-Brasov', ['Ploesti', [25.6, 45.65]]),
  R('Bucharest-Craiova', ['Bucharest', [23.8, 44.32]]),
  R('Bucharest-Constanza', ['Bucharest', 'Constanza']),
  R('Bucharest-Ruse-Varna', ['Bucharest', Ruse, 'Varna']),
  R('Krivoy-Rog-Dnepropetrovsk-Stalino', ['Krivoy-Rog', 'Dnepropetrovsk', 'Stalino']),
  R('Dnepropetrovsk-Zaporozhye-Melitopol', ['Dnepropetrovsk', Zaporozhye, 'Melitopol']),
  R('Melitopol-Sivash-Dzhankoy-Sevastopol', ['Melitopol', 'Perekop', Dzhankoy, 'Simferopol', 'Sevastopol']),
  R('Dzhankoy-Feodosia-Kerch', [Dzhankoy, Feodosia, 'Kerch']),
  R('Kharkov-Lozovaya-Dnepropetrovsk', ['Kharkov', Lozovaya, 'Dnepropetrovsk']),
  R('Lozovaya-Stalino', [Lozovaya, 'Stalino']),
  R('Stalino-Mariupol', ['Stalino', 'Mariupol']),
  R('Stalino-Taganrog-Rostov', ['Stalino', [38.9, 47.24], 'Rostov']),
  // via Debaltsevo (Rostov NW1): H in Rostov cuts both lines into Voroshilovgrad with its ZOC (Edelweiss Aug II)
  R('Stalino-Debaltsevo-Voroshilovgrad', ['Stalino', 'Rostov NW1', 'Voroshilovgrad']),
  R('Voroshilovgrad-Likhaya', ['Voroshilovgrad', 'Rostov NW1', Likhaya]),
  R('Kharkov-Kupyansk-Valuyki-Liski', ['Kharkov', Kupyansk, Valuyki, Liski]),
  R('Kharkov-Kursk-Orel-Tula-Moscow', ['Kharkov', 'Kursk', Orel, 'Tula', 'Moscow']),
  R('Orel-Bryansk', [Orel, 'Bryansk']),
  R('Kursk-Voronezh', ['Kursk', 'Voronezh']),
  R('Moscow-Ryazan-Michurinsk-Voronezh', ['Moscow', Ryazan, Michurinsk, 'Voronezh']),
  R('Voronezh-Liski-Rossosh-Millerovo-Likhaya-Rostov', ['Voronezh', Liski, Rossosh, 'Millerovo', 'Kamensko', Likhaya, 'Rostov']),
  R('Likhaya-Morozovsk-Stalingrad', [Likhaya, Morozovsk, 'Kalach', 'Stalingrad']),
  R('Stalingrad-Archeda-Saratov', ['Stalingrad', 'Archeda', [45.4, 50.2]]),
  R('Moscow-Yaroslavl', ['Moscow', 'Yaroslavl']),
  R('Moscow-Ivanovo', ['Moscow', Vladimir, 'Ivanovo']),
  R('Yaroslavl-Ivanovo', ['Yaroslavl', 'Ivanovo']),
  R('Yaroslavl-Vologda', ['Yaroslavl', [40.3, 58.5]]),
  R('Vladimir-Gorky', [Vladimir, [41.9, 56.1]]),
  R('Ryazan-Ruzayevka', [Ryazan, [42.0, 54.4]]),
  R('Michurinsk-Penza', [Michurinsk, [43.0, 52.8]]),
  R('Rostov-Tikhoretsk-Armavir-Mineralnye Vody', ['Rostov', Tikhoretsk, 'Kropotkin', 'Armavir', MinVody]),
  R('Mineralnye Vody-Grozny-Marach Kala-Baku', [MinVody, Prokhladny, Beslan, 'Grozny', Gudermes, 'Marach Kala', [48.3, 42.0]]),
  R('Beslan-Ordzhonikidze', [Beslan, 'Ordzhonikidze']),
  R('Stavropol branch', ['Stavropol', 'Armavir']),
  R('Tikhoretsk-Krasnodar-Novorossiysk', [Tikhoretsk, 'Krasnodar', 'Novorossiysk']),
  R('Armavir-Tuapse', ['Armavir', Belorechensk, 'Tuapse']),
  R('Maikop branch', [Belorechensk, 'Maikop']),
  R('Black Sea coast (Tuapse-Sukhumi-Batumi)', ['Tuapse', Sochi, Sukhumi, Samtredia, 'Batumi']),
  R('Samtredia-Tbilisi-Baku', [Samtredia, 'Tbilisi', [45.5, 41.3]]),
  R('Tikhoretsk-Salsk-Kotelnikovo-Stalingrad', [Tikhoretsk, 'Salsk', 'Kotelnikovo', 'Stalingrad']),
  R('Kizlyar-Astrakhan (1942)', [Gudermes, Kizlyar, 'Astrakhan']),
  R('Mineralnye Vody-Budennovsk-Kizlyar', [MinVody, [44.18, 44.78], Kizlyar]),
  R('Astrakhan-Baskunchak-Saratov', ['Astrakhan', Baskunchak, 'Stalingrad E1', [46.2, 49.6]]),
];
