import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddButtonMachine, type ButtonPhase } from './add-button-machine';

describe('add button state machine', () => {
  let phases: ButtonPhase[];
  let machine: AddButtonMachine;
  beforeEach(() => {
    vi.useFakeTimers();
    phases = [];
    machine = new AddButtonMachine((p) => phases.push(p));
  });
  afterEach(() => machine.dispose());

  it("goes idle -> adding, 'Added!' 1 s after success, idle 2 s later", async () => {
    expect(await machine.run(async () => 'added', vi.fn())).toBe('added');
    expect(machine.phase).toBe('adding');
    await vi.advanceTimersByTimeAsync(999);
    expect(machine.phase).toBe('adding');
    await vi.advanceTimersByTimeAsync(1);
    expect(machine.phase).toBe('added');
    await vi.advanceTimersByTimeAsync(1999);
    expect(machine.phase).toBe('added');
    await vi.advanceTimersByTimeAsync(1);
    expect(machine.phase).toBe('idle');
    expect(phases).toEqual(['adding', 'added', 'idle']);
  });

  it("ignores clicks while adding and while showing 'Added!'", async () => {
    let finish!: () => void;
    const first = machine.run(() => new Promise((r) => (finish = () => r('added'))), vi.fn());
    const action = vi.fn(async () => 'added' as const);
    expect(await machine.run(action, vi.fn())).toBe('ignored');
    finish();
    await first;
    await vi.advanceTimersByTimeAsync(1000);
    expect(machine.phase).toBe('added');
    expect(await machine.run(action, vi.fn())).toBe('ignored');
    expect(action).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2000);
    expect(await machine.run(action, vi.fn())).toBe('added');
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('shows the error at once and returns to idle after 1 s', async () => {
    const onError = vi.fn();
    const boom = new Error('Sorry, we do not have enough of that item available.');
    expect(await machine.run(async () => Promise.reject(boom), onError)).toBe('failed');
    expect(onError).toHaveBeenCalledWith(boom);
    expect(machine.phase).toBe('failed');
    await vi.advanceTimersByTimeAsync(999);
    expect(machine.phase).toBe('failed');
    await vi.advanceTimersByTimeAsync(1);
    expect(machine.phase).toBe('idle');
  });

  it("stays 'Adding…' when the shopper is sent to another page, until reset", async () => {
    expect(await machine.run(async () => 'left', vi.fn())).toBe('left');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(machine.phase).toBe('adding');
    machine.reset();
    expect(machine.phase).toBe('idle');
  });
});
