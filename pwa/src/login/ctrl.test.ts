import { describe, expect, it } from "vitest";
import { signedOutElsewhere } from "../session";
import { LoginCtrl } from "./ctrl";

describe("the sign-in screen", () => {
  it("says once that the player was signed out when the login went while in use", () => {
    expect(new LoginCtrl("login").signedOut).toBe(false);
    signedOutElsewhere(); // a socket closed with 4401, or a 401 (app.tsx)
    expect(new LoginCtrl("login").signedOut).toBe(true);
    expect(new LoginCtrl("login").signedOut).toBe(false); // said once, not on every visit
  });
});
