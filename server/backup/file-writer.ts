import { createWriteStream, type WriteStream } from 'node:fs';

/**
 * A new file written in order, waiting whenever the disk is behind (a backup streams hundreds of megabytes and
 * never holds them), and on the disk (fsync) before it is closed.
 */
export class FileWriter {
  bytes = 0;
  private failure: Error | null = null;

  private constructor(private readonly stream: WriteStream) {
    stream.on('error', (error) => {
      this.failure = error;
    });
  }

  /** Creates `file`, owner-only; refuses one that exists. */
  static async create(file: string): Promise<FileWriter> {
    const stream = createWriteStream(file, { flags: 'wx', mode: 0o600, flush: true, highWaterMark: 1 << 20 });
    await new Promise<void>((resolve, reject) => {
      stream.once('ready', () => resolve());
      stream.once('error', reject);
    });
    return new FileWriter(stream);
  }

  async write(chunk: string | Buffer): Promise<void> {
    if (this.failure) throw this.failure;
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    this.bytes += buffer.length;
    if (!this.stream.write(buffer)) await this.settled('drain');
  }

  /** Everything written reaches the disk, then the file is closed. */
  async finish(): Promise<void> {
    if (this.failure) throw this.failure;
    this.stream.end();
    await this.settled('close');
    if (this.failure) throw this.failure;
  }

  /** Closes the file without caring what reached it (it is about to be removed). */
  async abandon(): Promise<void> {
    if (this.stream.closed) return;
    this.stream.destroy();
    await new Promise<void>((resolve) => this.stream.once('close', () => resolve()));
  }

  private settled(event: 'drain' | 'close'): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const onError = (error: Error) => {
        this.stream.off(event, onEvent);
        reject(error);
      };
      const onEvent = () => {
        this.stream.off('error', onError);
        resolve();
      };
      this.stream.once(event, onEvent);
      this.stream.once('error', onError);
    });
  }
}
