namespace DocStore.Bson.Tests.Corpus;

/// <summary>Finds the BSON corpus: $DOCSTORE_BSON_CORPUS, else &lt;repo&gt;/../shared/testdata/bson-corpus.</summary>
internal static class CorpusLocation
{
    public const string EnvironmentVariable = "DOCSTORE_BSON_CORPUS";

    public static string Folder { get; } = Locate();

    private static string Locate()
    {
        var fromEnvironment = Environment.GetEnvironmentVariable(EnvironmentVariable);
        if (!string.IsNullOrEmpty(fromEnvironment))
        {
            return Path.GetFullPath(fromEnvironment);
        }

        var directory = new DirectoryInfo(AppContext.BaseDirectory);
        while (directory is not null && !File.Exists(Path.Combine(directory.FullName, "DocStore.sln")))
        {
            directory = directory.Parent;
        }

        if (directory is null)
        {
            throw new InvalidOperationException($"No DocStore.sln above {AppContext.BaseDirectory}; set {EnvironmentVariable} to the corpus folder.");
        }

        return Path.GetFullPath(Path.Combine(directory.FullName, "..", "shared", "testdata", "bson-corpus"));
    }
}
