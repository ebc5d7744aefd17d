// The site's "keep offline" setting: its kiosks keep every survey in the browser and go on without a network.
export function OfflineSetting({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="check-field">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      Keep this site offline on its kiosks (each kiosk downloads every survey for its screen and goes on without a
      network)
    </label>
  );
}
