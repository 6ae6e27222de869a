namespace DocStore.Tests.Support;

/// <summary>
/// A theory that needs Linux: several shared opens in this process stand for several processes only where
/// byte-range locks belong to a descriptor (open-file-description locks). Skipped, with the reason, elsewhere.
/// </summary>
internal sealed class LinuxTheoryAttribute : TheoryAttribute
{
    public LinuxTheoryAttribute()
    {
        if (!OperatingSystem.IsLinux())
        {
            Skip = "Linux only: open-file-description locks let opens in one process stand for separate processes.";
        }
    }
}
