namespace DocStore.Tests.Support;

/// <summary>
/// A fact about Linux behaviour (a system call DocStore makes only there): reported as skipped, with the
/// reason, on other systems, instead of passing without having checked anything.
/// </summary>
internal sealed class LinuxFactAttribute : FactAttribute
{
    public LinuxFactAttribute()
    {
        if (!OperatingSystem.IsLinux())
        {
            Skip = "Linux only: on other systems DocStore flushes through .NET's own call, which this test cannot make fail.";
        }
    }
}
