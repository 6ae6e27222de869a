namespace DocStore.Bson.Tests.Corpus;

/// <summary>Finds the BSON corpus: $DOCSTORE_BSON_CORPUS, else &lt;repo&gt;/../shared/testdata/bson-corpus.</summary>
internal static class CorpusLocation
{
    public const string EnvironmentVariable = "DOCSTORE_BSON_CORPUS";

    public static string Folder { get; } = Locate();

    private static string Locate()
    {
        var folder = Find();
        if (!Directory.Exists(folder))
        {
            throw new DirectoryNotFoundException($"The BSON corpus folder {folder} does not exist; set {EnvironmentVariable} to the folder holding the corpus *.json files.");
        }

        return folder;
    }

    private static string Find()
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
