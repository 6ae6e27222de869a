namespace DocStore.Extensions.DependencyInjection.Tests;

/// <summary>A fact that needs /dev/full to make a write fail: reported as skipped elsewhere.</summary>
internal sealed class LinuxFactAttribute : FactAttribute
{
    public LinuxFactAttribute()
    {
        if (!OperatingSystem.IsLinux())
        {
            Skip = "Needs /dev/full, which only Linux has.";
        }
    }
}
