import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Locale } from '@caravan/contract/languages';

// Countries, states and cities from the dr5hn countries-states-cities dataset
// (@countrystatecity/countries, ODbL), read from the package's JSON files. Its numeric ids are stable
// across releases, which is what legacy clients send as countryId / provinceId / cityId. Countries and
// states load once (about 5,000 states); the cities of a state load when first asked for.

export interface Country {
  id: number;
  iso2: string;
  name: string;
  translations: Record<string, string>;
  dir: string | undefined;
}
export interface State {
  id: number;
  countryId: number;
  name: string;
  dir: string | undefined;
}
export interface City {
  id: number;
  stateId: number;
  name: string;
}

interface RawCountry {
  id: number;
  name: string;
  iso2: string;
  translations?: Record<string, string>;
}
interface RawState {
  id: number;
  name: string;
  iso2: string;
  country_id: number;
}
interface RawCity {
  id: number;
  name: string;
  state_id: number;
}

/** Dataset translation keys for our locales (it has no Traditional Chinese names). */
const TRANSLATION_KEYS: Partial<Record<Locale, string>> = {
  'zh-CN': 'zh-CN', 'zh-TW': 'zh-CN', ja: 'ja', ko: 'ko', de: 'de', es: 'es', fr: 'fr', it: 'it', pt: 'pt',
  ru: 'ru', tr: 'tr', ar: 'ar', hi: 'hi',
};

function dataDirectory(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@countrystatecity/countries')), 'data');
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

export class GeoDirectory {
  private loaded: { countries: Country[]; byId: Map<number, Country>; states: Map<number, State>; statesOf: Map<number, State[]> } | undefined;
  private readonly cities = new Map<number, City[]>();

  constructor(private readonly root: string = dataDirectory()) {}

  private load() {
    if (this.loaded) return this.loaded;
    const entries = readdirSync(this.root);
    const raw = readJson<RawCountry[]>(path.join(this.root, 'countries.json'));
    const countries: Country[] = [];
    const states = new Map<number, State>();
    const statesOf = new Map<number, State[]>();
    for (const country of raw) {
      const dir = entries.find((entry) => entry.endsWith(`-${country.iso2}`) && !entry.endsWith('.json'));
      const meta = dir && existsSync(path.join(this.root, dir, 'meta.json')) ? readJson<RawCountry>(path.join(this.root, dir, 'meta.json')) : undefined;
      countries.push({ id: country.id, iso2: country.iso2, name: country.name, translations: meta?.translations ?? {}, dir });
      const list: State[] = [];
      if (dir && existsSync(path.join(this.root, dir, 'states.json'))) {
        const stateDirs = readdirSync(path.join(this.root, dir));
        for (const state of readJson<RawState[]>(path.join(this.root, dir, 'states.json'))) {
          const stateDir = stateDirs.find((entry) => entry.endsWith(`-${state.iso2}`) && !entry.endsWith('.json'));
          const entry: State = { id: state.id, countryId: country.id, name: state.name, dir: stateDir ? path.join(dir, stateDir) : undefined };
          states.set(state.id, entry);
          list.push(entry);
        }
      }
      list.sort((a, b) => a.name.localeCompare(b.name));
      statesOf.set(country.id, list);
    }
    countries.sort((a, b) => a.name.localeCompare(b.name));
    this.loaded = { countries, byId: new Map(countries.map((country) => [country.id, country])), states, statesOf };
    return this.loaded;
  }

  countryName(country: Country, locale: Locale): string {
    const key = TRANSLATION_KEYS[locale];
    return (key && country.translations[key]) || country.name;
  }

  countries(): Country[] {
    return this.load().countries;
  }

  country(id: number): Country | undefined {
    return this.load().byId.get(id);
  }

  statesOf(countryId: number): State[] {
    return this.load().statesOf.get(countryId) ?? [];
  }

  state(id: number): State | undefined {
    return this.load().states.get(id);
  }

  citiesOf(stateId: number): City[] {
    const cached = this.cities.get(stateId);
    if (cached) return cached;
    const state = this.state(stateId);
    const file = state?.dir ? path.join(this.root, state.dir, 'cities.json') : undefined;
    const list =
      file && existsSync(file)
        ? readJson<RawCity[]>(file)
            .map((city) => ({ id: city.id, stateId, name: city.name }))
            .sort((a, b) => a.name.localeCompare(b.name))
        : [];
    this.cities.set(stateId, list);
    return list;
  }

  city(stateId: number, cityId: number): City | undefined {
    return this.citiesOf(stateId).find((city) => city.id === cityId);
  }
}
