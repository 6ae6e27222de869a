namespace DocStore.Tests.Support;

/// <summary>
/// A fact about Unix file modes or symbolic links: reported as skipped, with the reason, on Windows,
/// instead of passing without having checked anything.
/// </summary>
internal sealed class UnixFactAttribute : FactAttribute
{
    public UnixFactAttribute()
    {
        if (OperatingSystem.IsWindows())
        {
            Skip = "Unix file modes and symbolic links made without privileges do not exist on Windows.";
        }
    }
}
