/** The checker's word on a data type it does not know: the known ones, from DTYPES, and BIR's name for an NKI one. */
import { DTYPES, dtypeOfNkiName } from '../../base/dtype';

export function unknownDTypeMessage(name: string, what: string): string {
  const nki = dtypeOfNkiName(name);
  const hint = nki ? `; NKI's ${name} is ${nki} in BIR` : '';
  return `unknown data type '${name}' for ${what} (known: ${DTYPES.join(' ')})${hint}`;
}
