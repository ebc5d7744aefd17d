// Pointer, wheel, pinch and keyboard input on the panorama's element, turned into view changes. Motion that
// continues after input (inertia, qtvr turning, held keys) is advanced by step(), called once per frame,
// which says whether another frame is needed — so an idle viewer draws nothing.
import {
  INERTIA_STOP,
  type Velocity,
  dragView,
  inertiaStep,
  qtvrVelocity,
  wheelZoomFactor,
  zoomView,
} from './controlMath';
import type { View } from './view';

export type MouseViewMode = 'drag' | 'qtvr';

export interface ControlTarget {
  getView(): View;
  /** Apply (limits included) and draw. */
  setView(v: View): void;
  viewportHeight(): number;
  /** Ask for a frame so step() runs. */
  requestFrame(): void;
  /** The user took over: stop any lookTo in progress. */
  onUserInput?(): void;
}

interface Sample {
  t: number;
  dYaw: number;
  dPitch: number;
}

const KEY_SPEED = 0.9; // rad/s of pan for held arrow keys
const KEY_ZOOM = 1.8; // zoom factor per second for held +/- keys

export class ViewControls {
  private readonly pointers = new Map<number, { x: number; y: number; type: string }>();
  private pressAt: { x: number; y: number } | null = null;
  private qtvr: Velocity | null = null;
  private inertia: Velocity | null = null;
  private samples: Sample[] = [];
  private pinchDist = 0;
  private readonly keys = new Set<string>();
  private lastStep = 0;

  private el: HTMLElement | null = null;
  /** Where on the element (CSS px from its top left) a press or wheel is this handler's: two sides of a comparison
   *  share one canvas. Unset: everywhere. */
  accept: ((x: number, y: number) => boolean) | null = null;
  /** Whether arrow and zoom keys are this handler's now (two sides of a comparison share one canvas and its keys). */
  keysOn: () => boolean = () => true;
  /** A press this handler took (a comparison remembers the side pressed last). */
  onPress: (() => void) | null = null;
  /** An element of its own whose keys are always this handler's (a comparison's side, focusable by keyboard). */
  private keyEl: HTMLElement | null = null;

  // Made without an element and connected separately (as drei's OrbitControls): constructing one has no
  // side effects, so React may make it in useMemo; connect/disconnect pair up in an effect.
  constructor(
    private target: ControlTarget,
    public mode: MouseViewMode = 'drag',
  ) {}

  /** The element's events and their handlers (keys on the panorama only, when focused: the page's own
   *  arrow keys, e.g. the timeline's, stay the page's). */
  private events(): Array<[string, EventListener, AddEventListenerOptions?]> {
    return [
      ['pointerdown', this.onDown as EventListener],
      ['pointermove', this.onMove as EventListener],
      ['pointerup', this.onUp as EventListener],
      ['pointercancel', this.onUp as EventListener],
      ['wheel', this.onWheel as EventListener, { passive: false }],
      ['keydown', this.onKeyDown as EventListener],
      ['keyup', this.onKeyUp as EventListener],
      ['blur', this.onBlur],
    ];
  }

  /** Listen on `el` (again on the same element: nothing changes, so a drag in progress goes on). */
  connect(el: HTMLElement): void {
    if (this.el === el) return;
    this.disconnect();
    this.el = el;
    el.style.touchAction = 'none';
    if (el.tabIndex < 0) el.tabIndex = 0;
    for (const [type, fn, opts] of this.events()) el.addEventListener(type, fn, opts);
  }

  disconnect(): void {
    for (const [type, fn] of this.events()) this.el?.removeEventListener(type, fn);
    this.el = null;
  }

  /** Also take the keys pressed on `el` (null: no more), whatever keysOn says: the element names this side, so a
   *  keyboard user picks the side the arrow keys turn by moving the focus to it. */
  listenKeys(el: HTMLElement | null): void {
    if (el === this.keyEl) return;
    const keyEvents = this.events().filter(([type]) => type.startsWith('key') || type === 'blur');
    for (const [type, fn] of keyEvents) this.keyEl?.removeEventListener(type, fn);
    this.keyEl = el;
    for (const [type, fn] of keyEvents) el?.addEventListener(type, fn);
  }

  dispose(): void {
    this.disconnect();
    this.listenKeys(null);
    this.pointers.clear();
    this.keys.clear();
    this.stop();
  }

  /** Drive another view (the engine taking over from the early stage), keeping a drag in progress. */
  retarget(target: ControlTarget): void {
    this.target = target;
  }

  /** Still moving on its own (inertia, qtvr, held keys)? */
  get moving(): boolean {
    return !!this.inertia || !!this.qtvr || this.keys.size > 0;
  }

  /** Stop all continuing motion (e.g. a lookTo starts). */
  stop(): void {
    this.inertia = null;
    this.qtvr = null;
  }

  private touchInput(): void {
    this.target.onUserInput?.();
  }

  private mine(e: MouseEvent): boolean {
    if (!this.accept || !this.el) return true;
    const r = this.el.getBoundingClientRect();
    return this.accept(e.clientX - r.left, e.clientY - r.top);
  }

  private onDown = (e: PointerEvent): void => {
    if (e.button !== 0 && e.pointerType === 'mouse') return;
    if (!this.mine(e)) return;
    this.onPress?.();
    this.el?.setPointerCapture?.(e.pointerId);
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, type: e.pointerType });
    this.inertia = null;
    this.samples = [];
    this.touchInput();
    if (this.pointers.size === 2) {
      this.qtvr = null;
      this.pinchDist = this.pinchDistance();
    } else if (this.pointers.size === 1) {
      this.pressAt = { x: e.clientX, y: e.clientY };
      if (this.mode === 'qtvr' && e.pointerType === 'mouse') this.qtvr = { yaw: 0, pitch: 0 };
    }
    this.lastStep = performance.now();
  };

  private onMove = (e: PointerEvent): void => {
    const p = this.pointers.get(e.pointerId);
    if (!p) return;
    const dx = e.clientX - p.x;
    const dy = e.clientY - p.y;
    p.x = e.clientX;
    p.y = e.clientY;
    const h = this.target.viewportHeight();
    if (this.pointers.size >= 2) {
      const d = this.pinchDistance();
      if (this.pinchDist > 0 && d > 0) this.target.setView(zoomView(this.target.getView(), this.pinchDist / d));
      this.pinchDist = d;
      return;
    }
    if (this.qtvr && this.pressAt) {
      const v = this.target.getView();
      this.qtvr = qtvrVelocity(e.clientX - this.pressAt.x, e.clientY - this.pressAt.y, h, v.fov);
      this.target.requestFrame();
      return;
    }
    const before = this.target.getView();
    this.target.setView(dragView(before, dx, dy, h));
    const after = this.target.getView();
    const t = performance.now();
    this.samples.push({ t, dYaw: after.yaw - before.yaw, dPitch: after.pitch - before.pitch });
    this.samples = this.samples.filter((s) => t - s.t < 100);
  };

  private onUp = (e: PointerEvent): void => {
    if (!this.pointers.delete(e.pointerId)) return;
    if (this.pointers.size === 1) {
      // Pinch ended with one finger left down: carry on dragging from where it is.
      this.pinchDist = 0;
      this.samples = [];
      return;
    }
    if (this.pointers.size > 0) return;
    this.pressAt = null;
    this.qtvr = null;
    const t = performance.now();
    const recent = this.samples.filter((s) => t - s.t < 80);
    if (recent.length >= 2) {
      const dt = (t - recent[0]!.t) / 1000;
      const sum = recent.reduce((a, s) => ({ y: a.y + s.dYaw, p: a.p + s.dPitch }), { y: 0, p: 0 });
      if (dt > 0) this.inertia = { yaw: sum.y / Math.max(dt, 0.016), pitch: sum.p / Math.max(dt, 0.016) };
      this.lastStep = t;
      this.target.requestFrame();
    }
    this.samples = [];
  };

  private onWheel = (e: WheelEvent): void => {
    if (!this.mine(e)) return;
    e.preventDefault();
    this.touchInput();
    const px = e.deltaMode === 1 ? e.deltaY * 33 : e.deltaMode === 2 ? e.deltaY * 400 : e.deltaY;
    this.target.setView(zoomView(this.target.getView(), wheelZoomFactor(px)));
  };

  private onKeyDown = (e: KeyboardEvent): void => {
    const k = e.currentTarget === this.keyEl || this.keysOn() ? normaliseKey(e.key) : null;
    if (!k) return;
    e.preventDefault();
    this.touchInput();
    if (!this.keys.has(k)) {
      this.keys.add(k);
      this.lastStep = performance.now();
      this.target.requestFrame();
    }
  };

  private onKeyUp = (e: KeyboardEvent): void => {
    const k = normaliseKey(e.key);
    if (k) this.keys.delete(k);
  };

  private onBlur = (): void => this.keys.clear();

  private pinchDistance(): number {
    const [a, b] = [...this.pointers.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  }

  /** Advance continuing motion to `now`; true when another frame is needed. */
  step(now: number): boolean {
    const dtMs = Math.min(100, Math.max(0, now - this.lastStep));
    this.lastStep = now;
    if (!this.moving) return false;
    const dt = dtMs / 1000;
    let v = this.target.getView();
    if (this.qtvr) v = { ...v, yaw: v.yaw + this.qtvr.yaw * dt, pitch: v.pitch + this.qtvr.pitch * dt };
    if (this.inertia) {
      const s = inertiaStep(this.inertia, dtMs);
      v = { ...v, yaw: v.yaw + s.dYaw, pitch: v.pitch + s.dPitch };
      this.inertia = Math.hypot(s.velocity.yaw, s.velocity.pitch) < INERTIA_STOP ? null : s.velocity;
    }
    const k = this.keys;
    const pan = KEY_SPEED * Math.min(1, v.fov) * dt;
    if (k.has('left')) v = { ...v, yaw: v.yaw - pan };
    if (k.has('right')) v = { ...v, yaw: v.yaw + pan };
    if (k.has('up')) v = { ...v, pitch: v.pitch - pan };
    if (k.has('down')) v = { ...v, pitch: v.pitch + pan };
    if (k.has('in')) v = zoomView(v, Math.pow(KEY_ZOOM, -dt));
    if (k.has('out')) v = zoomView(v, Math.pow(KEY_ZOOM, dt));
    this.target.setView(v);
    return this.moving;
  }
}

function normaliseKey(key: string): string | null {
  switch (key) {
    case 'ArrowLeft':
      return 'left';
    case 'ArrowRight':
      return 'right';
    case 'ArrowUp':
      return 'up';
    case 'ArrowDown':
      return 'down';
    case '+':
    case '=':
      return 'in';
    case '-':
    case '_':
      return 'out';
    default:
      return null;
  }
}
