// Inline SVG icons (no icon font download). Decorative by default: the text next to them names the action.
// Each says which picture it is (data-icon), so a test can check that a control's picture fits its name.
import type { ReactNode, SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { title?: string };

function Svg({ children, title, ...rest }: IconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
      focusable="false"
      {...rest}
    >
      {title ? <title>{title}</title> : null}
      {children}
    </svg>
  );
}

export const HomeIcon = (p: IconProps) => (
  <Svg {...p} data-icon="home">
    <path d="M3 11 12 3l9 8" />
    <path d="M5 10v10h5v-6h4v6h5V10" />
  </Svg>
);
export const GroupIcon = (p: IconProps) => (
  <Svg {...p} data-icon="group">
    <circle cx="9" cy="8" r="3" />
    <path d="M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6" />
    <circle cx="17" cy="9" r="2.5" />
    <path d="M15.5 14.2A5 5 0 0 1 21 19" />
  </Svg>
);
/** A site: a building with its windows. */
export const BuildingIcon = (p: IconProps) => (
  <Svg {...p} data-icon="building">
    <path d="M4 21V5l8-2v18M12 8l8 2v11M2 21h20" />
    <path d="M7 8h2M7 12h2M7 16h2M15 13h2M15 17h2" />
  </Svg>
);
export const SignInIcon = (p: IconProps) => (
  <Svg {...p} data-icon="sign-in">
    <path d="M14 4h5v16h-5M3 12h11M10 8l4 4-4 4" />
  </Svg>
);
export const SignOutIcon = (p: IconProps) => (
  <Svg {...p} data-icon="sign-out">
    <path d="M10 4H5v16h5M10 12h11M17 8l4 4-4 4" />
  </Svg>
);
export const WaterIcon = (p: IconProps) => (
  <Svg {...p} data-icon="water">
    <path d="M12 3s6 6.5 6 11a6 6 0 0 1-12 0c0-4.5 6-11 6-11z" />
    <path d="M9 15a3 3 0 0 0 3 3" />
  </Svg>
);
export const DocIcon = (p: IconProps) => (
  <Svg {...p} data-icon="doc">
    <path d="M14 3H6a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8z" />
    <path d="M14 3v5h5M8 13h8M8 17h6" />
  </Svg>
);
export const InfoIcon = (p: IconProps) => (
  <Svg {...p} data-icon="info">
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5M12 8h.01" />
  </Svg>
);
export const PlayIcon = (p: IconProps) => (
  <Svg {...p} data-icon="play">
    <circle cx="12" cy="12" r="9" />
    <path d="m10 8 6 4-6 4z" />
  </Svg>
);
export const ChevronLeft = (p: IconProps) => (
  <Svg {...p} data-icon="chevron-left">
    <path d="m15 18-6-6 6-6" />
  </Svg>
);
export const ChevronRight = (p: IconProps) => (
  <Svg {...p} data-icon="chevron-right">
    <path d="m9 18 6-6-6-6" />
  </Svg>
);
export const ChevronDown = (p: IconProps) => (
  <Svg {...p} data-icon="chevron-down">
    <path d="m6 9 6 6 6-6" />
  </Svg>
);
export const CloseIcon = (p: IconProps) => (
  <Svg {...p} data-icon="close">
    <path d="M18 6 6 18M6 6l12 12" />
  </Svg>
);
export const ListIcon = (p: IconProps) => (
  <Svg {...p} data-icon="list">
    <path d="M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01" />
  </Svg>
);
export const GridIcon = (p: IconProps) => (
  <Svg {...p} data-icon="grid">
    <rect x="3" y="3" width="7" height="7" />
    <rect x="14" y="3" width="7" height="7" />
    <rect x="3" y="14" width="7" height="7" />
    <rect x="14" y="14" width="7" height="7" />
  </Svg>
);
export const FolderIcon = (p: IconProps) => (
  <Svg {...p} data-icon="folder">
    <path d="M3 6a1 1 0 0 1 1-1h5l2 2h9a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1z" />
  </Svg>
);
export const FileIcon = DocIcon;
export const SearchIcon = (p: IconProps) => (
  <Svg {...p} data-icon="search">
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </Svg>
);
export const CalendarIcon = (p: IconProps) => (
  <Svg {...p} data-icon="calendar">
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M16 3v4M8 3v4M3 10h18" />
  </Svg>
);
export const MapIcon = (p: IconProps) => (
  <Svg {...p} data-icon="map">
    <path d="m9 4-6 2v14l6-2 6 2 6-2V4l-6 2z" />
    <path d="M9 4v14M15 6v14" />
  </Svg>
);
export const ExpandIcon = (p: IconProps) => (
  <Svg {...p} data-icon="expand">
    <path d="M15 3h6v6M9 21H3v-6M21 3l-7 7M3 21l7-7" />
  </Svg>
);
export const PinIcon = (p: IconProps) => (
  <Svg {...p} data-icon="pin">
    <path d="M12 21s-7-6.5-7-12a7 7 0 0 1 14 0c0 5.5-7 12-7 12z" />
    <circle cx="12" cy="9" r="2.5" />
  </Svg>
);
export const EyeSlashIcon = (p: IconProps) => (
  <Svg {...p} data-icon="eye-slash">
    <path d="M3 3l18 18" />
    <path d="M10.6 6.1A9.8 9.8 0 0 1 12 6c5 0 9 6 9 6a16 16 0 0 1-3 3.4M6.6 6.6C4.4 8 3 12 3 12s4 6 9 6a8.7 8.7 0 0 0 4.4-1.2" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
  </Svg>
);
export const CameraIcon = (p: IconProps) => (
  <Svg {...p} data-icon="camera">
    <path d="M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z" />
    <circle cx="12" cy="13" r="3.5" />
  </Svg>
);
export const HotspotIcon = (p: IconProps) => (
  <Svg {...p} data-icon="hotspot">
    <circle cx="12" cy="12" r="3" />
    <circle cx="12" cy="12" r="8" />
  </Svg>
);
export const LinkArrowIcon = (p: IconProps) => (
  <Svg {...p} data-icon="link-arrow">
    <path d="M12 19V5M5 12l7-7 7 7" />
  </Svg>
);
export const MenuIcon = (p: IconProps) => (
  <Svg {...p} data-icon="menu">
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Svg>
);
export const ExternalIcon = (p: IconProps) => (
  <Svg {...p} data-icon="external">
    <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  </Svg>
);
export const LayersIcon = (p: IconProps) => (
  <Svg {...p} data-icon="layers">
    <path d="m12 3 9 5-9 5-9-5z" />
    <path d="m3 13 9 5 9-5" />
  </Svg>
);
export const UploadIcon = (p: IconProps) => (
  <Svg {...p} data-icon="upload">
    <path d="M12 16V4M6 10l6-6 6 6M4 20h16" />
  </Svg>
);

/** Pin icons of the multi-site map: learn, shop, farm, pig, animal, truck; default plus. */
export function PinGlyph({ icon, ...rest }: IconProps & { icon: string }) {
  const p = { ...rest, 'data-icon': `pin-${icon}` };
  switch (icon) {
    case 'learn':
      return (
        <Svg {...p}>
          <path d="m2 9 10-5 10 5-10 5z" />
          <path d="M6 11v5c3 2 9 2 12 0v-5" />
        </Svg>
      );
    case 'shop':
      return (
        <Svg {...p}>
          <path d="M4 9h16l-1-5H5z" />
          <path d="M5 9v11h14V9M10 20v-6h4v6" />
        </Svg>
      );
    case 'farm':
      return (
        <Svg {...p}>
          <path d="M3 21V10l9-6 9 6v11z" />
          <path d="M9 21v-7h6v7M9 14l6 7M15 14l-6 7" />
        </Svg>
      );
    case 'pig':
      return (
        <Svg {...p}>
          <ellipse cx="12" cy="13" rx="8" ry="6" />
          <ellipse cx="12" cy="14" rx="3" ry="2" />
          <path d="M7 8 6 4l4 3M17 8l1-4-4 3" />
        </Svg>
      );
    case 'animal':
      return (
        <Svg {...p}>
          <circle cx="6" cy="9" r="2" />
          <circle cx="10" cy="5" r="2" />
          <circle cx="14" cy="5" r="2" />
          <circle cx="18" cy="9" r="2" />
          <path d="M8 17c0-3 2-5 4-5s4 2 4 5c0 2-2 3-4 3s-4-1-4-3z" />
        </Svg>
      );
    case 'truck':
      return (
        <Svg {...p}>
          <path d="M2 6h12v10H2zM14 10h4l3 3v3h-7z" />
          <circle cx="6" cy="18" r="2" />
          <circle cx="17" cy="18" r="2" />
        </Svg>
      );
    default:
      return (
        <Svg {...p}>
          <path d="M12 5v14M5 12h14" />
        </Svg>
      );
  }
}
export const PhoneMotionIcon = (p: IconProps) => (
  <Svg {...p} data-icon="phone-motion">
    <rect x="7" y="3" width="10" height="18" rx="2" />
    <path d="M11 18h2M3 9a5 5 0 0 0 0 6M21 9a5 5 0 0 1 0 6" />
  </Svg>
);
export const HeadsetIcon = (p: IconProps) => (
  <Svg {...p} data-icon="headset">
    <path d="M3 9a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2h-4l-2-3h-2l-2 3H5a2 2 0 0 1-2-2z" />
    <circle cx="8" cy="12" r="1.5" />
    <circle cx="16" cy="12" r="1.5" />
  </Svg>
);

export const ShareIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="18" cy="5" r="3" />
    <circle cx="6" cy="12" r="3" />
    <circle cx="18" cy="19" r="3" />
    <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
  </Svg>
);

// ---------- the administrators' tools ----------
export const SettingsIcon = (p: IconProps) => (
  <Svg {...p} data-icon="settings">
    <circle cx="12" cy="12" r="3" />
    <path d="M12 2v3M12 19v3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M2 12h3M19 12h3M4.9 19.1 7 17M17 7l2.1-2.1" />
  </Svg>
);
export const TrashIcon = (p: IconProps) => (
  <Svg {...p} data-icon="trash">
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </Svg>
);
export const TickIcon = (p: IconProps) => (
  <Svg {...p} data-icon="tick">
    <path d="m5 12 5 5 9-10" />
  </Svg>
);
export const CrossIcon = (p: IconProps) => (
  <Svg {...p} data-icon="cross">
    <path d="M18 6 6 18M6 6l12 12" />
  </Svg>
);
export const WarningIcon = (p: IconProps) => (
  <Svg {...p} data-icon="warning">
    <path d="M12 3 2 20h20z" />
    <path d="M12 10v4M12 17h.01" />
  </Svg>
);
export const ZipIcon = (p: IconProps) => (
  <Svg {...p} data-icon="zip">
    <path d="M14 3H6v18h12V7z" />
    <path d="M14 3v4h4M10 6h2M10 9h2M10 12h2M10 15h2v3h-2z" />
  </Svg>
);
export const CsvIcon = (p: IconProps) => (
  <Svg {...p} data-icon="csv">
    <path d="M14 3H6v18h12V7z" />
    <path d="M14 3v4h4M8 12h8M8 15h8M8 18h8M11 12v6" />
  </Svg>
);
export const ImageIcon = (p: IconProps) => (
  <Svg {...p} data-icon="image">
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="9" cy="10" r="2" />
    <path d="m21 17-5-5-8 8" />
  </Svg>
);
export const MoveIcon = (p: IconProps) => (
  <Svg {...p} data-icon="move">
    <path d="M12 3v18M3 12h18M9 6l3-3 3 3M9 18l3 3 3-3M6 9l-3 3 3 3M18 9l3 3-3 3" />
  </Svg>
);
export const EditIcon = (p: IconProps) => (
  <Svg {...p} data-icon="edit">
    <path d="M4 20h4L19 9l-4-4L4 16z" />
    <path d="m13 7 4 4" />
  </Svg>
);
export const EyeIcon = (p: IconProps) => (
  <Svg {...p} data-icon="eye">
    <path d="M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </Svg>
);
export const SaveIcon = (p: IconProps) => (
  <Svg {...p} data-icon="save">
    <path d="M5 3h11l3 3v15H5z" />
    <path d="M8 3v5h7M8 21v-7h8v7" />
  </Svg>
);
/** Two dates of one place: a frame split down the middle. */
export const CompareIcon = (p: IconProps) => (
  <Svg {...p} data-icon="compare">
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M12 3v18" />
  </Svg>
);
/** A guided tour: a path between two stops. */
export const RouteIcon = (p: IconProps) => (
  <Svg {...p} data-icon="route">
    <circle cx="6" cy="18" r="2" />
    <circle cx="18" cy="6" r="2" />
    <path d="M8 18h7a3 3 0 0 0 0-6H9a3 3 0 0 1 0-6h7" />
  </Svg>
);
