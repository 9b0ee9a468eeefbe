import type { ParseKeys } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Isolates a name, username, code, number or user-typed text from the sentence around it,
 * so mixed Arabic/Latin text keeps its order ("@hr" stays "@hr" in a right-to-left page,
 * "IT · 2" does not swap places). <bdi> with dir="auto" takes the direction from the
 * value's own first strong character; `unicode-bidi: isolate` is set too for browsers
 * whose stylesheet lacks it. `dir="ltr"` forces left-to-right (JSON, paths).
 */
export function Bidi({ children, dir = 'auto' }: { children: ReactNode; dir?: 'auto' | 'ltr' | 'rtl' }) {
  return (
    <bdi dir={dir} style={{ unicodeBidi: 'isolate' }}>
      {children}
    </bdi>
  );
}

// A character no translation contains: marks where each value goes in the translated text.
const MARK = '\u0001';

/**
 * A translated sentence whose interpolated values (names, departments, dates) are each
 * isolated in a <Bidi>: the translation is rendered with numbered marks in their places,
 * then split on them. Plain values (count) go through i18next as they are.
 */
export function BidiTrans({
  i18nKey,
  values,
  count,
}: {
  i18nKey: ParseKeys;
  values: Record<string, ReactNode>;
  count?: number;
}) {
  const { t } = useTranslation();
  const names = Object.keys(values);
  const marked = Object.fromEntries(names.map((name, i) => [name, `${MARK}${i}${MARK}`]));
  const text = t(i18nKey as 'app.name', { ...marked, ...(count === undefined ? {} : { count }) }) as string;
  return (
    <>
      {text.split(MARK).map((part, i) =>
        // Odd parts are the marks' numbers; even parts the translation's own text.
        i % 2 === 1 ? <Bidi key={i}>{values[names[Number(part)] ?? '']}</Bidi> : part,
      )}
    </>
  );
}
