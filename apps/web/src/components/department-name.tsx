import Box from '@mui/material/Box';
import type { TUserType } from '@portal/contracts';
import i18next, { type TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Bidi } from './bidi';

/** `userTypes.<key>` of a spec code: i18next reads dots and spaces in a key as paths, so they become `_`. */
const labelKey = (code: string) => `userTypes.${code.replace(/[.\s]/g, '_')}`;

/**
 * A department or user type (spec §1 codes such as `HR`, `G.SDM`, `Traning`) in the
 * reader's language. English pages keep the codes as the spec spells them (they are what
 * staff know and type); other languages name them, and a code the portal does not know
 * stays as it is.
 */
export function departmentName(t: TFunction, code: TUserType | string): string {
  if ((i18next.resolvedLanguage ?? i18next.language ?? 'en').startsWith('en')) return code;
  return t(labelKey(code) as 'userTypes.HR', { defaultValue: code });
}

/**
 * A department's name, with its code beneath where people need the code itself (the
 * accounts list, the account dialog: the code is what the portal stores and spec §6 ranks).
 */
export function DepartmentName({ code, showCode = false }: { code: TUserType | string; showCode?: boolean }) {
  const { t } = useTranslation();
  const name = departmentName(t, code);
  if (!showCode || name === code) return <span>{name}</span>;
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', lineHeight: 1.25 }}>
      <span>{name}</span>
      <Box component="span" sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>
        <Bidi dir="ltr">{code}</Bidi>
      </Box>
    </Box>
  );
}
