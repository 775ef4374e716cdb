/** Keyboard focus for dialogs: their main button takes the focus when they appear. */
import { useEffect, useRef } from 'preact/hooks';

export function useFocus<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
