// A scene's view cone on the plan: turned by heading (degrees clockwise from up, coneHeadingDegrees).
export function ViewCone({ heading, className = 'view-cone' }: { heading: number; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="-50 -50 100 100"
      aria-hidden="true"
      style={{ transform: `translate(-50%, -50%) rotate(${heading}deg)` }}
    >
      <path d="M0 0 L-24 -44 A50 50 0 0 1 24 -44 Z" />
    </svg>
  );
}
