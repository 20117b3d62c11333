import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** The admin every test server starts with. */
export const TEST_ADMIN = { email: 'admin@example.com', password: 'admin-password-123' }

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

/**
 * The real server as a child process on a fixed port and data directory, so a test can stop it
 * (the browser is then truly offline: service-worker fetches fail too) and start it again on
 * the same data.
 */
export class ServerProcess {
  private child: ChildProcess | null = null
  private log = ''
  /** What `setEnv` changed since the start, for `restore`. */
  private readonly baseEnv: Record<string, string>

  private constructor(
    readonly port: number,
    readonly dataDir: string,
    private env: Record<string, string>,
  ) {
    this.baseEnv = { ...env }
  }

  static async create(env: Record<string, string> = {}): Promise<ServerProcess> {
    const server = new ServerProcess(await freePort(), mkdtempSync(join(tmpdir(), 'hisaab-e2e-')), env)
    await server.start()
    return server
  }

  /** Environment for the next start (a test clock for the jobs, say); the running process keeps its own. */
  setEnv(extra: Record<string, string>): void {
    Object.assign(this.env, extra)
  }

  /**
   * Running, with the environment it was created with: a test that moved the clock or stopped the
   * server leaves nothing behind for the next test (or the next file this worker runs).
   */
  async restore(): Promise<void> {
    if (JSON.stringify(this.env) !== JSON.stringify(this.baseEnv)) {
      await this.stop()
      this.env = { ...this.baseEnv }
    }
    await this.start()
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`
  }

  async start(): Promise<void> {
    if (this.child) return
    const child = spawn(process.execPath, ['--import', 'tsx', 'sync-server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        ADMIN_EMAIL: TEST_ADMIN.email,
        ADMIN_PASSWORD: TEST_ADMIN.password,
        AUTH_RATE_LIMIT_MAX: '1000',
        LOG_LEVEL: 'warn',
        // Parallel work can build the client into its own folder.
        STATIC_DIR: process.env.E2E_STATIC_DIR ?? 'dist',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    this.child = child
    child.stdout?.on('data', (chunk: Buffer) => (this.log += chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => (this.log += chunk.toString()))
    // A cold start compiles the server through tsx: on a loaded machine that takes a while.
    const deadline = Date.now() + 120_000
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${this.log}`)
      try {
        const res = await fetch(`${this.url}/api/health`)
        if (res.ok) return
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 150))
    }
    // Not left running: an orphan would load the machine for every test after.
    await this.kill()
    throw new Error(`server did not become healthy:\n${this.log}`)
  }

  async stop(): Promise<void> {
    const child = this.child
    if (!child) return
    this.child = null
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
    await exited
    clearTimeout(timer)
  }

  /** Kills the process at once (SIGKILL), as a crash or power cut would: no shutdown code runs. */
  async kill(): Promise<void> {
    const child = this.child
    if (!child) return
    this.child = null
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    child.kill('SIGKILL')
    await exited
  }

  async dispose(): Promise<void> {
    await this.stop()
    rmSync(this.dataDir, { recursive: true, force: true })
  }

  /** Calls the REST API directly, as another client would. */
  async api<T>(method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: T }> {
    const res = await fetch(`${this.url}/api${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json()) as T }
  }
}
