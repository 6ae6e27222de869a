namespace DocStore.Bson.Tests.CBson.Support;

/// <summary>Finds the shared test data: the folder above the one holding DocStore.sln, then shared/testdata.</summary>
internal static class TestData
{
    public static string BsonCorpus => Path.Combine(Root(), "..", "shared", "testdata", "bson-corpus");

    private static string Root()
    {
        for (var directory = new DirectoryInfo(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(Path.Combine(directory.FullName, "DocStore.sln")))
            {
                return directory.FullName;
            }
        }

        throw new InvalidOperationException($"DocStore.sln not found above {AppContext.BaseDirectory}");
    }
}
