// How many textures a frame may put on the GPU. A tile store owns one by default and refills it as its frame
// starts; the two sides of a comparison share one, refilled once per frame by the stage, so a frame that draws both
// sides never uploads twice what a single view's frame may (at 10 Mbps both sides' tiles arrive during a pan, and
// each upload is a copy on the main thread and a texture write in the GPU process in that same frame).

export interface UploadBudget {
  /** Textures uploaded per frame at least (when waiting), so tiles keep coming on a slow device… */
  uploadsPerFrame?: number;
  /** …and more while this many milliseconds of the frame are not used up… */
  uploadMsPerFrame?: number;
  /** …but never more than this many in one frame, so a burst of arrivals never stalls a pan. The first
   *  view of a scene has no limit: nothing moves yet, and one frame with everything beats several. */
  maxUploadsPerFrame?: number;
}

export class FrameUploads {
  private uploads = 0;
  private cap = 0;
  private until = 0;

  constructor(
    private readonly opts: UploadBudget = {},
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** A frame starts: its allowance from now. */
  refill(): void {
    this.uploads = this.opts.uploadsPerFrame ?? 2;
    this.cap = this.opts.maxUploadsPerFrame ?? 6;
    this.until = this.now() + (this.opts.uploadMsPerFrame ?? 4);
  }

  /** One upload out of this frame's allowance; false when it is spent. `always`: a scene's first view, which is
   *  never refused but still counts (the other side's uploads in the same frame cost the same time). */
  spend(always = false): boolean {
    if (!always && (this.cap <= 0 || (this.uploads <= 0 && this.now() > this.until))) return false;
    this.cap--;
    this.uploads--;
    return true;
  }
}
