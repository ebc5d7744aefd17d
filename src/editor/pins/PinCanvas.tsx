// The site map on a Konva canvas with its pins (enabled, disabled: darkened with 'Site Disabled', selected).
// Clicks and taps go to the parent; in move mode the selected pin follows the mouse or finger while it stays
// strictly inside the map, and the drag ends on release or when the pointer leaves the map.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Circle, Group, Image as KonvaImage, Label, Layer, Line, Stage, Tag, Text } from 'react-konva';
import type Konva from 'konva';
import type { Pin } from '../../../contract/api';
import { useElementWidth, useHtmlImage } from '../common/useHtmlImage';
import { ICON_NAMES, pinIconUrl } from './pinImages';
import { insideMap, toPercent } from '../../domain/pinRules';
import type { PinTool } from './pinMap';
import { clipName } from '../../domain/clipName';

/** Characters of a pin's name drawn on the map (the list beside the canvas has the whole name). */
const PIN_LABEL_CHARS = 32;

const HEAD_R = 20;
const HEAD_Y = -34;

function useIconImages(): Record<string, HTMLImageElement> {
  const [images, setImages] = useState<Record<string, HTMLImageElement>>({});
  useEffect(() => {
    let live = true;
    for (const name of [...ICON_NAMES, 'eyeSlash']) {
      const img = new window.Image();
      img.onload = () => {
        if (live) setImages((m) => ({ ...m, [name]: img }));
      };
      img.src = pinIconUrl(name);
    }
    return () => {
      live = false;
    };
  }, []);
  return images;
}

export function PinCanvas({
  imageUrl,
  pins,
  selectedId,
  mode,
  onPinTap,
  onMapTap,
  onPinDrag,
  keys,
}: {
  /** Buttons placed over the pins (percent of the map), for the keyboard: see AdminPinMap. */
  keys?: ReactNode;
  imageUrl: string;
  pins: Pin[];
  selectedId: string | null;
  mode: PinTool;
  onPinTap: (pin: Pin) => void;
  onMapTap: (p: { x: number; y: number }) => void;
  onPinDrag: (id: string, p: { x: number; y: number }) => void;
}) {
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const img = useHtmlImage(imageUrl);
  const icons = useIconImages();
  const available = useElementWidth(box);
  const ratio = img ? img.naturalWidth / img.naturalHeight : 16 / 10;
  const maxHeight = Math.max(240, window.innerHeight - 200);
  const width = Math.min(available, maxHeight * ratio);
  const height = width > 0 ? width / ratio : 0;
  const dragging = useRef<string | null>(null);
  const sorted = useMemo(
    () => [...pins].sort((a, b) => (a._id === selectedId ? 1 : 0) - (b._id === selectedId ? 1 : 0) || a.y - b.y),
    [pins, selectedId],
  );

  const pointerPercent = (stage: Konva.Stage | null) => {
    const p = stage?.getPointerPosition();
    return p ? toPercent(p.x, p.y, width, height) : null;
  };
  const onStageTap = (e: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
    if (e.target.findAncestor('.pin', true)) return;
    const p = pointerPercent(e.target.getStage());
    if (p) onMapTap(p);
  };
  const onMove = (e: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
    if (!dragging.current) return;
    e.evt.preventDefault();
    const p = pointerPercent(e.target.getStage());
    if (p && insideMap(p)) onPinDrag(dragging.current, p);
  };
  const endDrag = () => {
    dragging.current = null;
  };

  return (
    <div
      ref={setBox}
      className={`pin-canvas mode-${mode}`}
      style={{ height: height || undefined, touchAction: mode === 'move' ? 'none' : undefined }}
      data-stage-width={Math.round(width)}
      data-stage-height={Math.round(height)}
    >
      {width > 0 ? (
        <Stage
          width={width}
          height={height}
          style={{ width, margin: '0 auto', borderRadius: 14, overflow: 'hidden' }}
          onClick={onStageTap}
          onTap={onStageTap}
          onMouseMove={onMove}
          onTouchMove={onMove}
          onMouseUp={endDrag}
          onTouchEnd={endDrag}
          onMouseLeave={endDrag}
          onTouchCancel={endDrag}
        >
          <Layer>{img ? <KonvaImage image={img} width={width} height={height} name="map" /> : null}</Layer>
          <Layer>
            {sorted.map((pin) => {
              const selected = pin._id === selectedId;
              const x = (pin.x / 100) * width;
              const y = (pin.y / 100) * height;
              const fill = !pin.enabled ? '#5d5049' : selected ? '#4a2c17' : '#b0500a';
              const startDrag = (e: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
                if (mode !== 'move' || !selected) return;
                e.cancelBubble = true;
                dragging.current = pin._id;
              };
              return (
                <Group
                  key={pin._id}
                  name="pin"
                  x={x}
                  y={y}
                  opacity={pin.enabled ? 1 : 0.88}
                  onClick={(e) => {
                    e.cancelBubble = true;
                    onPinTap(pin);
                  }}
                  onTap={(e) => {
                    e.cancelBubble = true;
                    onPinTap(pin);
                  }}
                  onMouseDown={startDrag}
                  onTouchStart={startDrag}
                >
                  {selected ? <Circle y={HEAD_Y} radius={HEAD_R + 7} stroke="#e8730c" strokeWidth={4} /> : null}
                  <Line
                    points={[-12, HEAD_Y + 14, 0, 0, 12, HEAD_Y + 14]}
                    closed
                    fill={fill}
                    stroke="#fff"
                    strokeWidth={2}
                  />
                  <Circle
                    y={HEAD_Y}
                    radius={HEAD_R}
                    fill={fill}
                    stroke="#fff"
                    strokeWidth={3}
                    shadowColor="black"
                    shadowBlur={6}
                    shadowOpacity={0.35}
                  />
                  {(icons[pin.icon] ?? icons.plus) ? (
                    <KonvaImage
                      image={icons[pin.icon] ?? icons.plus}
                      x={-12}
                      y={HEAD_Y - 12}
                      width={24}
                      height={24}
                      listening={false}
                    />
                  ) : null}
                  <Label y={6} x={0}>
                    <Tag
                      fill="rgba(255,255,255,0.95)"
                      cornerRadius={9}
                      pointerDirection="up"
                      pointerWidth={0}
                      pointerHeight={0}
                      shadowColor="black"
                      shadowBlur={3}
                      shadowOpacity={0.2}
                    />
                    <Text
                      text={clipName(pin.name, PIN_LABEL_CHARS)}
                      padding={4}
                      fontSize={13}
                      fontStyle="bold"
                      fill="#4a2c17"
                    />
                  </Label>
                  {!pin.enabled ? (
                    <Group y={30}>
                      <Label x={0}>
                        <Tag fill="#3a2a20" cornerRadius={6} pointerDirection="up" pointerWidth={0} pointerHeight={0} />
                        <Text text="     Site Disabled" padding={4} fontSize={11} fill="#fff" />
                      </Label>
                      {icons.eyeSlash ? (
                        <KonvaImage image={icons.eyeSlash} x={-45} y={3} width={14} height={14} listening={false} />
                      ) : null}
                    </Group>
                  ) : null}
                </Group>
              );
            })}
          </Layer>
        </Stage>
      ) : null}
      {width > 0 ? (
        <div className="map-keys" style={{ width, height }}>
          {keys}
        </div>
      ) : null}
    </div>
  );
}
