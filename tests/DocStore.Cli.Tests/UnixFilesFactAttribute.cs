namespace DocStore.Cli.Tests;

/// <summary>
/// A fact about file modes, symbolic links or a full disk (simulated with bash's ulimit -f): reported as
/// skipped, with the reason, on Windows, instead of passing without having checked anything.
/// </summary>
internal sealed class UnixFilesFactAttribute : FactAttribute
{
    public UnixFilesFactAttribute()
    {
        if (OperatingSystem.IsWindows())
        {
            Skip = "Unix file modes, symbolic links made without privileges and ulimit -f do not exist on Windows.";
        }
    }
}
