import { render } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { changeLanguage } from '../lib/i18n/i18n';
import { Bidi, BidiTrans } from './bidi';

describe('Bidi', () => {
  afterAll(async () => {
    await changeLanguage('en');
  });

  it('isolates its text in a <bdi dir="auto">, the @ kept with the username', () => {
    const { container } = render(<Bidi>@hr</Bidi>);
    const bdi = container.querySelector('bdi')!;
    expect(bdi.getAttribute('dir')).toBe('auto');
    expect(bdi.style.unicodeBidi).toBe('isolate');
    expect(bdi.textContent).toBe('@hr');
    expect(
      render(<Bidi dir="ltr">{'{"a":1}'}</Bidi>)
        .container.querySelector('bdi')!
        .getAttribute('dir'),
    ).toBe('ltr');
  });

  it('isolates each value inside a translated sentence, the sentence itself left alone', async () => {
    await changeLanguage('ar');
    const { container } = render(<BidiTrans i18nKey="tickets.thread.toDesk" values={{ department: 'IT' }} />);
    const isolated = [...container.querySelectorAll('bdi')].map((b) => b.textContent);
    expect(isolated).toEqual(['IT']);
    expect(container.textContent).toMatch(/[\u0600-\u06FF]/);
    expect(container.textContent).toContain('IT');
    expect(container.textContent).not.toContain('\u0001');
  });
});
