import {
  confirmSignIn,
  confirmSignUp,
  fetchDevices,
  forgetDevice,
  signIn,
  signOut,
  signUp,
  updateMFAPreference,
} from 'aws-amplify/auth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureAmplify } from './amplify-test-support.ts';
import { startTestIdentity, type RunningIdentity } from './test-support.ts';

let identity: RunningIdentity;
const email = 'penny@roost.test';
const password = 'Terraced-house-8';

beforeAll(async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  // Amplify names the device from navigator.userAgent, which Node 20 lacks; browsers have it.
  vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (Roost device test)' });
  identity = await startTestIdentity({ env: { IDENTITY_DEVICE_TRACKING: 'always' } });
  await configureAmplify(identity);
  await signUp({ username: email, password });
  await confirmSignUp({ username: email, confirmationCode: identity.lastCode(email) });
});

afterAll(async () => {
  await identity?.stop();
  // Test files share their worker (isolate: false): leave no stubs behind.
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('remembered devices with the real Amplify client', () => {
  it('confirms the device after MFA, then skips MFA on it through device SRP', async () => {
    expect((await signIn({ username: email, password })).isSignedIn).toBe(true);
    await updateMFAPreference({ email: 'PREFERRED' });
    await signOut();

    const first = await signIn({ username: email, password });
    // The device Amplify confirmed at the first sign-in is remembered: no code is asked for.
    expect(first.isSignedIn).toBe(true);
    const devices = await fetchDevices();
    expect(devices).toHaveLength(1);
    const sentBefore = identity.messages.length;
    await signOut();
    expect((await signIn({ username: email, password })).isSignedIn).toBe(true);
    expect(identity.messages.length).toBe(sentBefore);

    await forgetDevice();
    expect(await fetchDevices()).toHaveLength(0);
    await signOut();
    const challenged = await signIn({ username: email, password });
    expect(challenged.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_EMAIL_CODE');
    const done = await confirmSignIn({ challengeResponse: identity.lastCode(email) });
    expect(done.isSignedIn).toBe(true);
  });
});
