import { createContext, useContext } from 'react';

/**
 * Where the layout wants the toasts: a place at the top of the page content, so on phones
 * they push the page down instead of covering its heading. Null (no layout: tests, the bare
 * report wrapper) keeps them where AppProviders renders them.
 */
export const ToastSlotContext = createContext<(el: HTMLElement | null) => void>(() => {});

export const useToastSlot = () => useContext(ToastSlotContext);
