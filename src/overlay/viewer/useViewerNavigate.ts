// Transitional: viewer navigation lives in src/domain/viewer/useViewerNavigate. The kiosk idle hook (another
// engineer's file in this redesign) still imports it from here; once it imports the domain module, delete this.
export { useViewerNavigate } from '../../domain/viewer/useViewerNavigate';
