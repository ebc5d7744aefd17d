// Hotspots drawn as camera-facing sprites at their yaw/pitch, a constant size on screen whatever the zoom,
// picked by raycast (mouse, touch, and XR controller rays all arrive as R3F pointer events).
import { type ThreeEvent, useFrame, useThree } from '@react-three/fiber';
import { useEffect, useMemo, useRef, useState } from 'react';
import * as THREE from 'three';
import { arrowTexture, infoTexture, labelTexture } from './hotspotIcons';
import { ICON_CSS_PX } from './hotspotPictures';
import { CLICK_SLOP } from './hotspotPress';
import { spriteWorldSize } from './hotspotScale';
import type { Hotspot } from './hotspotTypes';
import { viewDirection } from './view';
import { markSized, raycastDisc } from './spriteRaycast';

/** Sprites sit inside the cube (half-size 0.5), so they are always in front of the picture. */
export const HOTSPOT_RADIUS = 0.4;
/** In VR there is no pixel size: a fixed angular size instead. */
const ICON_VR_ANGLE = 0.07;
/** Above every panorama layer. */
const HOTSPOT_ORDER = 1000;

interface Props {
  hotspots: readonly Hotspot[];
  onClick?: (h: Hotspot) => void;
  /** World size of one CSS pixel at distance 1 — set each frame by the Panorama from fov and viewport. */
  pixelScale: React.RefObject<number>;
  inVR: boolean;
  /** The raycast layer its sprites are picked on: each side of a comparison has its own. */
  layer?: number;
  /** The camera they face (a side of a comparison has its own); the root's by default. */
  camera?: THREE.Camera;
}

export function HotspotSprites({ hotspots, onClick, pixelScale, inVR, layer = 0, camera }: Props) {
  return (
    // Group order 10: above both the current and a fading-out scene layer (orders 0 and 1).
    <group name="hotspots" renderOrder={10}>
      {hotspots.map((h) => (
        <HotspotSprite
          key={`${h.kind}-${h.id}`}
          hotspot={h}
          onClick={onClick}
          pixelScale={pixelScale}
          inVR={inVR}
          layer={layer}
          camera={camera}
        />
      ))}
    </group>
  );
}

function HotspotSprite({
  hotspot,
  onClick,
  pixelScale,
  inVR,
  layer,
  camera: ownCamera,
}: {
  hotspot: Hotspot;
  onClick?: (h: Hotspot) => void;
  pixelScale: React.RefObject<number>;
  inVR: boolean;
  layer: number;
  camera?: THREE.Camera;
}) {
  const sprite = useRef<THREE.Sprite>(null);
  const label = useRef<THREE.Sprite>(null);
  const [hovered, setHovered] = useState(false);
  // A hand over a hotspot: it can be clicked (the page's stylesheet gives grab / grabbing elsewhere).
  const canvas = useThree((s) => s.gl.domElement);
  const rootCamera = useThree((s) => s.camera);
  const camera = ownCamera ?? rootCamera;
  useEffect(() => {
    sprite.current?.layers.set(layer);
  }, [layer]);
  useEffect(() => {
    if (!hovered) return;
    canvas.style.cursor = 'pointer';
    return () => {
      canvas.style.cursor = '';
    };
  }, [hovered, canvas]);
  const position = useMemo(() => {
    const d = viewDirection(hotspot.yaw, hotspot.pitch);
    return new THREE.Vector3(d[0] * HOTSPOT_RADIUS, d[1] * HOTSPOT_RADIUS, d[2] * HOTSPOT_RADIUS);
  }, [hotspot.yaw, hotspot.pitch]);
  const text = hotspot.kind === 'link' ? hotspot.label : hotspot.title;
  const labelTex = useMemo(() => (text ? labelTexture(text) : null), [text]);
  useEffect(() => () => labelTex?.texture.dispose(), [labelTex]);

  useFrame(() => {
    const cos = inVR ? 1 : camera.getWorldDirection(axis).dot(unit.copy(position).normalize());
    const size = inVR
      ? HOTSPOT_RADIUS * ICON_VR_ANGLE
      : spriteWorldSize(ICON_CSS_PX, pixelScale.current ?? 0, HOTSPOT_RADIUS, cos);
    if (sprite.current) {
      sprite.current.scale.set(size, size, 1);
      markSized(sprite.current, size);
    }
    if (label.current && labelTex) label.current.scale.set(size * 0.5 * labelTex.aspect, size * 0.5, 1);
  });

  const click = (e: ThreeEvent<MouseEvent>) => {
    if (dragDistance(e) > CLICK_SLOP) return;
    e.stopPropagation();
    onClick?.(hotspot);
  };

  return (
    <group position={position}>
      <sprite
        ref={sprite}
        name={`hotspot-${hotspot.kind}-${hotspot.id}`}
        renderOrder={HOTSPOT_ORDER}
        raycast={raycastDisc}
        onClick={click}
        onPointerOver={(e) => {
          e.stopPropagation();
          setHovered(true);
        }}
        onPointerOut={() => setHovered(false)}
      >
        <spriteMaterial
          map={hotspot.kind === 'link' ? arrowTexture() : infoTexture()}
          // CSS rotate (Marzipano's) is clockwise; sprite rotation is counter-clockwise.
          rotation={hotspot.kind === 'link' ? -(hotspot.rotation ?? 0) : 0}
          depthTest={false}
          depthWrite={false}
          transparent
        />
      </sprite>
      {hovered && labelTex && (
        // center.y > 1 hangs the label below the icon.
        <sprite ref={label} renderOrder={HOTSPOT_ORDER + 1} center={[0.5, 2.4]} raycast={() => null}>
          <spriteMaterial map={labelTex.texture} depthTest={false} depthWrite={false} transparent />
        </sprite>
      )}
    </group>
  );
}

// Scratch vectors of the per-frame sizing (no allocation per frame).
const axis = new THREE.Vector3();
const unit = new THREE.Vector3();

/** How far the pointer moved between press and release (px); 0 for a VR controller's ray, whose events
 *  (@pmndrs/pointer-events) throw on `delta` instead of having one. */
function dragDistance(e: ThreeEvent<MouseEvent>): number {
  try {
    return e.delta;
  } catch {
    return 0;
  }
}
