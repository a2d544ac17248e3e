export declare const CHROMIUM_ARGS: readonly string[];
export declare const chromiumLaunch: (extraArgs?: readonly string[]) => {
  executablePath: string;
  args: string[];
};
