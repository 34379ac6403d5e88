/**
 * The Stavka server as a Session: seat views over HTTP, live updates over WebSocket.
 * (Filled in against docs/api.md.)
 */
import type { ReplayFile } from '@stavka/engine';
import type { Session, SessionView } from './session.ts';

export interface CreatedGame {
  id: string;
  token: string;
  links: { soviet: string; german: string; spectator: string };
}

export async function createServerGame(_mode: string): Promise<CreatedGame> {
  throw new Error('no server');
}

export async function joinServerGame(_id: string, _token: string | null): Promise<Session> {
  throw new Error('no server');
}

export class ServerSession implements Session {
  current(): SessionView {
    throw new Error('no server');
  }
  async submit(): Promise<{ ok: false; message: string }> {
    return { ok: false, message: 'no server' };
  }
  subscribe(): () => void {
    return () => {};
  }
  exportReplay(): ReplayFile {
    throw new Error('no server');
  }
  async verify(): Promise<string> {
    return 'no server';
  }
}
