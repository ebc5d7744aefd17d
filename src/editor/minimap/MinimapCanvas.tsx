// The floor plan on a Konva canvas: the image, the nodes (names in the enlarged view), the view cone of the
// current node and, in edit mode, the selected node: drag it to move it (mouse or touch), drag its handle to
// turn it (15-degree steps).
import { useState } from 'react';
import { Circle, Group, Image as KonvaImage, Layer, Line, Stage, Text, Wedge } from 'react-konva';
import type Konva from 'konva';
import type { MinimapNodeEntry } from '../../../contract/api';
import { useElementWidth, useHtmlImage } from '../common/useHtmlImage';
import { snapDegrees, wrapDegrees } from '../../domain/nodeRotation';
import type { NodeDraft, NodeEditMode } from './nodeEditor';

export interface PlacedNode {
  node: MinimapNodeEntry;
  left: number;
  top: number;
  name: string;
}

const ORANGE = '#e8730c';
const ORANGE_STRONG = '#b0500a';
const BROWN = '#4a2c17';
const CONE_ANGLE = 70;
const HANDLE_DISTANCE = 46;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Degrees clockwise from up of the vector (dx, dy) in screen coordinates. */
const headingOf = (dx: number, dy: number) => wrapDegrees((Math.atan2(dx, -dy) * 180) / Math.PI);

export function MinimapCanvas({
  imageUrl,
  aspect,
  maxHeight,
  nodes,
  currentId,
  coneHeading,
  enlarged,
  editMode,
  selectedId,
  draft,
  rotationOffsetDeg,
  onNodeTap,
  onMove,
  onRotate,
}: {
  imageUrl: string;
  aspect: number;
  maxHeight: number;
  nodes: PlacedNode[];
  currentId: string | null;
  coneHeading: number | null;
  enlarged: boolean;
  editMode: NodeEditMode;
  selectedId: string | null;
  draft: NodeDraft | null;
  rotationOffsetDeg: number;
  onNodeTap: (n: MinimapNodeEntry) => void;
  onMove: (id: string, left: number, top: number) => void;
  onRotate: (id: string, deg: number) => void;
}) {
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const img = useHtmlImage(imageUrl);
  const available = useElementWidth(box);
  const ratio = aspect > 0 ? aspect : img ? img.naturalWidth / img.naturalHeight : 4 / 3;
  let width = available;
  let height = width / ratio;
  if (height > maxHeight && maxHeight > 0) {
    height = maxHeight;
    width = height * ratio;
  }
  const editing = editMode !== 'none';
  const r = enlarged ? 9 : 6;

  const onDragNode = (n: PlacedNode, e: Konva.KonvaEventObject<DragEvent>) => {
    const g = e.target;
    const x = clamp(g.x(), 0, width);
    const y = clamp(g.y(), 0, height);
    g.position({ x, y });
    onMove(n.node._id, (x / width) * 100, (y / height) * 100);
  };

  return (
    <div
      ref={setBox}
      className="minimap-canvas"
      style={{ height: height || undefined, touchAction: editing ? 'none' : undefined }}
      data-width={Math.round(width)}
      data-height={Math.round(height)}
    >
      {width > 0 ? (
        <Stage width={width} height={height} style={{ width, margin: '0 auto' }}>
          <Layer listening={false}>{img ? <KonvaImage image={img} width={width} height={height} /> : null}</Layer>
          <Layer>
            {nodes.map((n) => {
              const id = n.node._id;
              const isSelected = editing && id === selectedId;
              const isCurrent = n.node.minimap_node.tiles_id === currentId;
              const left = isSelected && draft?.id === id ? draft.left : n.left;
              const top = isSelected && draft?.id === id ? draft.top : n.top;
              const x = (left / 100) * width;
              const y = (top / 100) * height;
              const heading =
                isSelected && draft?.id === id ? wrapDegrees(draft.rotationDeg + rotationOffsetDeg) : null;
              return (
                <Group key={id} name={`node-${id}`}>
                  {isCurrent && coneHeading !== null && !isSelected ? (
                    <Wedge
                      x={x}
                      y={y}
                      radius={enlarged ? 48 : 30}
                      angle={CONE_ANGLE}
                      rotation={coneHeading - 90 - CONE_ANGLE / 2}
                      fill="rgba(232,115,12,0.45)"
                      stroke={ORANGE_STRONG}
                      strokeWidth={1.5}
                      listening={false}
                    />
                  ) : null}
                  {heading !== null ? (
                    <>
                      <Wedge
                        x={x}
                        y={y}
                        radius={HANDLE_DISTANCE - 6}
                        angle={CONE_ANGLE}
                        rotation={heading - 90 - CONE_ANGLE / 2}
                        fill="rgba(232,115,12,0.35)"
                        stroke={ORANGE_STRONG}
                        strokeWidth={1}
                        listening={false}
                      />
                      <Line
                        points={[
                          x,
                          y,
                          x + Math.sin((heading * Math.PI) / 180) * HANDLE_DISTANCE,
                          y - Math.cos((heading * Math.PI) / 180) * HANDLE_DISTANCE,
                        ]}
                        stroke={BROWN}
                        strokeWidth={2}
                        dash={[4, 3]}
                        listening={false}
                      />
                      <Circle
                        name="rotation-handle"
                        x={x + Math.sin((heading * Math.PI) / 180) * HANDLE_DISTANCE}
                        y={y - Math.cos((heading * Math.PI) / 180) * HANDLE_DISTANCE}
                        radius={9}
                        fill="#fff"
                        stroke={ORANGE_STRONG}
                        strokeWidth={3}
                        hitStrokeWidth={24}
                        draggable
                        onDragMove={(e) => {
                          const h = headingOf(e.target.x() - x, e.target.y() - y);
                          const rot = snapDegrees(h - rotationOffsetDeg);
                          const snapped = wrapDegrees(rot + rotationOffsetDeg);
                          e.target.position({
                            x: x + Math.sin((snapped * Math.PI) / 180) * HANDLE_DISTANCE,
                            y: y - Math.cos((snapped * Math.PI) / 180) * HANDLE_DISTANCE,
                          });
                          if (draft && rot !== draft.rotationDeg) onRotate(id, rot);
                        }}
                      />
                    </>
                  ) : null}
                  <Group
                    x={x}
                    y={y}
                    draggable={editing && (isSelected || editMode === 'selecting')}
                    onDragStart={() => {
                      if (!isSelected) onNodeTap(n.node);
                    }}
                    onDragMove={(e) => onDragNode({ ...n, left, top }, e)}
                    onClick={() => onNodeTap(n.node)}
                    onTap={() => onNodeTap(n.node)}
                  >
                    <Circle radius={Math.max(r + 10, 16)} fill="transparent" />
                    {isSelected ? (
                      <Circle radius={r + 6} stroke={ORANGE} strokeWidth={3} fill="rgba(232,115,12,0.2)" />
                    ) : null}
                    <Circle
                      radius={isCurrent ? r + 2 : r}
                      fill={isCurrent ? ORANGE : BROWN}
                      stroke="#fff"
                      strokeWidth={2}
                      shadowColor="black"
                      shadowBlur={3}
                      shadowOpacity={0.4}
                    />
                    {enlarged ? (
                      <Text
                        text={n.name}
                        y={r + 6}
                        x={-80}
                        width={160}
                        align="center"
                        fontSize={12}
                        fontStyle="bold"
                        fill="#fff"
                        shadowColor="black"
                        shadowBlur={4}
                        shadowOpacity={0.9}
                        listening={false}
                      />
                    ) : null}
                  </Group>
                </Group>
              );
            })}
          </Layer>
        </Stage>
      ) : null}
    </div>
  );
}
