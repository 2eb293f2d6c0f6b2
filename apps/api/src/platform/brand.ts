import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from './paths.ts';

// The white-label brand this server answers for (BRAND, the same folder under brands/ the store is
// built from): what the server needs of it is its id, name and the facts its default texts quote.

export interface ServerBrand {
  id: string;
  name: string;
  email: string;
  phone: string;
  returnDays: number;
  shippingPromiseHours: number;
}

export function loadBrand(id: string, root = ROOT_DIR): ServerBrand {
  const file = path.join(root, 'brands', id, 'brand.json');
  if (!existsSync(file)) throw new Error(`BRAND=${id}: ${file} does not exist`);
  const raw = JSON.parse(readFileSync(file, 'utf8')) as {
    name?: string;
    contacts?: { email?: string; phone?: string };
    returnDays?: number;
    shippingPromiseHours?: number;
  };
  return {
    id,
    name: raw.name ?? id,
    email: raw.contacts?.email ?? '',
    phone: raw.contacts?.phone ?? '',
    returnDays: raw.returnDays ?? 7,
    shippingPromiseHours: raw.shippingPromiseHours ?? 48,
  };
}
