import type { BankData } from '@carpool/contracts';

/**
 * Banks (id = the BCRA entity code) and account types offered by the driver module
 * (GET /api/users/bank-data). account_bank and account_type store an id of these lists.
 */
export const BANK_DATA: BankData = {
  banks: [
    { id: '011', name: 'Banco de la Nación Argentina' },
    { id: '014', name: 'Banco de la Provincia de Buenos Aires' },
    { id: '029', name: 'Banco de la Ciudad de Buenos Aires' },
    { id: '020', name: 'Banco de la Provincia de Córdoba (Bancor)' },
    { id: '330', name: 'Nuevo Banco de Santa Fe' },
    { id: '007', name: 'Banco de Galicia y Buenos Aires' },
    { id: '072', name: 'Banco Santander Argentina' },
    { id: '017', name: 'BBVA Argentina' },
    { id: '285', name: 'Banco Macro' },
    { id: '034', name: 'Banco Patagonia' },
    { id: '027', name: 'Banco Supervielle' },
    { id: '191', name: 'Banco Credicoop' },
    { id: '044', name: 'Banco Hipotecario' },
    { id: '015', name: 'ICBC Argentina' },
    { id: '150', name: 'HSBC Bank Argentina' },
    { id: '299', name: 'Banco Comafi' },
    { id: '083', name: 'Banco del Chubut' },
    { id: '097', name: 'Banco Provincia del Neuquén' },
    { id: '143', name: 'Brubank' },
  ],
  cc: [
    { id: 'caja_ahorro', name: 'Caja de ahorro' },
    { id: 'cuenta_corriente', name: 'Cuenta corriente' },
  ],
};

/** The id of a list entry given by id or by name (any case); undefined when it is in neither. */
export function bankOptionId(list: readonly { id: string; name: string }[], value: string): string | undefined {
  const wanted = value.trim().toLowerCase();
  return list.find((option) => option.id.toLowerCase() === wanted || option.name.toLowerCase() === wanted)?.id;
}
