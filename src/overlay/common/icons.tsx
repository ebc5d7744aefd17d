// Transitional: the icons live in src/ui/icons. PanoramaSlot (another engineer's file in this redesign) still
// imports them from here; once it imports '../../ui/icons', delete this file.
export { HotspotIcon, LinkArrowIcon } from '../../ui/icons';
