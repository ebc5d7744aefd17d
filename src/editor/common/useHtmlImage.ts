// Loads an image URL into an HTMLImageElement for Konva (null until it has loaded, or when it fails).
import { useEffect, useState } from 'react';

export function useHtmlImage(url: string | null | undefined): HTMLImageElement | null {
  const [img, setImg] = useState<HTMLImageElement | null>(null);
  useEffect(() => {
    if (!url) {
      setImg(null);
      return;
    }
    let live = true;
    const el = new window.Image();
    el.onload = () => {
      if (live) setImg(el);
    };
    el.onerror = () => {
      if (live) setImg(null);
    };
    el.src = url;
    return () => {
      live = false;
    };
  }, [url]);
  return img;
}

/** The width of an element, kept up to date (ResizeObserver). */
export function useElementWidth(el: HTMLElement | null): number {
  const [w, setW] = useState(0);
  useEffect(() => {
    if (!el) return;
    setW(el.clientWidth);
    const ro = new ResizeObserver(() => setW(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, [el]);
  return w;
}
