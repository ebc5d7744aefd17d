// Camera info: pitch as tilt, yaw as rotation (degrees), fov as a zoom percentage; shown when
// 'Show Camera Info' is checked.
import { useAtom, useAtomValue } from 'jotai';
import { showCameraInfoAtom, viewAtom } from '../../state/atoms';
import { rotationDegrees, tiltDegrees, zoomPercent } from './camera';
import { CameraIcon } from '../../ui/icons';

export function CameraInfoToggle() {
  const [show, setShow] = useAtom(showCameraInfoAtom);
  return (
    <label className="toggle-chip">
      <input type="checkbox" checked={show} onChange={(e) => setShow(e.target.checked)} />
      <CameraIcon className="tool-icon" />
      <span className="tool-label">Show Camera Info</span>
    </label>
  );
}

export function CameraInfo() {
  const show = useAtomValue(showCameraInfoAtom);
  const view = useAtomValue(viewAtom);
  if (!show || !view) return null;
  return (
    <section className="camera-info" aria-label="Camera info">
      <dl>
        <div>
          <dt>Tilt</dt>
          <dd data-testid="camera-tilt">{tiltDegrees(view.pitch)}°</dd>
        </div>
        <div>
          <dt>Rotation</dt>
          <dd data-testid="camera-rotation">{rotationDegrees(view.yaw)}°</dd>
        </div>
        <div>
          <dt>Zoom</dt>
          <dd data-testid="camera-zoom">{zoomPercent(view.fov)}%</dd>
        </div>
      </dl>
    </section>
  );
}
