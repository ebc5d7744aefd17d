// The minimap box is part of the first view a visitor sees: its reads (the floor's plan, the nodes of the
// floor and date) go out as soon as floor and date are known, with the first view's own reads, instead of
// when the minimap mounts, by then queued behind the first view's tiles on the browser's six connections.
import { useQuery } from '@tanstack/react-query';
import { useMinimap } from '../../api/queries/minimap';
import { minimapNodesQuery } from '../../api/queries/surveys';

export function useMinimapReads(site: string, floor: number, date: string | null): void {
  useMinimap(site, floor);
  useQuery({ ...minimapNodesQuery(site, floor, date), enabled: !!site && !!date });
}
