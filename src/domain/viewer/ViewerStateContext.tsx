// The viewer state, computed once by the viewer page (useResolvedViewerState) and read by every part of the
// page (title card, floor slider, timeline, hotspot list, minimaps) from here.
import { createContext, useContext, type ReactNode } from 'react';
import type { ViewerState } from './useResolvedViewerState';

const ViewerStateContext = createContext<ViewerState | null>(null);

export function ViewerStateProvider({ value, children }: { value: ViewerState; children: ReactNode }) {
  return <ViewerStateContext.Provider value={value}>{children}</ViewerStateContext.Provider>;
}

/** The state of the viewer page this component is part of. */
export function useViewerState(): ViewerState {
  const state = useContext(ViewerStateContext);
  if (!state) throw new Error('useViewerState is used outside the viewer page (no ViewerStateProvider above it)');
  return state;
}
