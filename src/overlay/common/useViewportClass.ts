// Keeps the layout model's viewport class (domain/layout) up to date: on resize and when a phone turns.
import { useEffect } from 'react';
import { useSetAtom } from 'jotai';
import { viewportClassAtom } from '../../state/atoms';
import { viewportClass } from '../../domain/layout';

export function useViewportClass(): void {
  const setClass = useSetAtom(viewportClassAtom);
  useEffect(() => {
    const update = () => setClass(viewportClass(window.innerWidth, window.innerHeight));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [setClass]);
}
