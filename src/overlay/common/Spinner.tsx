// Transitional: the spinner lives in src/ui/Spinner. PanoramaSlot and the upload page (other engineers' files in
// this redesign) still import it from here; once they import it from src/ui, delete this file.
export { Spinner } from '../../ui/Spinner';
