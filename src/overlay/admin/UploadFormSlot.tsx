// Lazy-loaded admin slot for the scene upload form: the editor's upload page (src/editor/upload). The slot
// itself is loaded with React.lazy, so the editor (and papaparse) never reach a visitor's bundle.
import UploadPage from '../../editor/upload/UploadPage';

export default function UploadFormSlot({ mode, site, floor }: { mode: 'addNewSite' | 'addScene'; site: string; floor: number }) {
  return <UploadPage mode={mode} site={site} floor={floor} />;
}
