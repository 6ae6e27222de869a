namespace DocStore.Cli.Tests;

/// <summary>
/// A fact about a backup from another process, which needs flock and unlocked opens of a locked file:
/// reported as skipped, with the reason, on Windows, instead of passing without having checked anything.
/// </summary>
internal sealed class UnixFactAttribute : FactAttribute
{
    public UnixFactAttribute()
    {
        if (OperatingSystem.IsWindows())
        {
            Skip = "On Windows another process's database files cannot be opened, so a backup beside a writing process fails with the lock message.";
        }
    }
}
