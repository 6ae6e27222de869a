namespace DocStore.Guide.Tests.Infrastructure;

/// <summary>Paths in the repository the tests were built from.</summary>
internal static class Repository
{
    public static string Root { get; } = FindRoot();

    public static string Guide => Path.Combine(Root, "docs", "guide");

    private static string FindRoot()
    {
        for (var dir = new DirectoryInfo(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            if (File.Exists(Path.Combine(dir.FullName, "DocStore.sln")))
            {
                return dir.FullName;
            }
        }

        throw new InvalidOperationException($"No DocStore.sln above {AppContext.BaseDirectory}.");
    }
}
