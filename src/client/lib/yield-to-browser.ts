/**
 * Gives the main thread back to the browser (a frame, a tap) between start-up steps: each step is short, but
 * run back to back they made one task long enough to delay a first tap on a phone.
 */
export const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
