namespace DocStore.Generators.Tests.Models;

/// <summary>Representative model sources shared by the no-diagnostic, snapshot and caching tests.</summary>
internal static class TestModels
{
    /// <summary>The model from issue 4, as a user writes it.</summary>
    public const string Issue = """
        using System.Collections.Generic;
        using DocStore;

        namespace MyApp;

        [Collection]
        [Index("Address.City")]
        [Index("Tags[]")]
        public partial class Person
        {
            [Key] public ObjectId Id { get; set; }
            [Index(Unique = true)] public string Email { get; set; } = "";
            [Index] public int Age { get; set; }
            public Address Address { get; set; } = new();
            public List<string> Tags { get; set; } = new();
        }

        public class Address { public string Street { get; set; } = ""; public string City { get; set; } = ""; }

        public partial class AppDb : DocStoreContext { }
        """;

    /// <summary>
    /// Every supported member kind, constructor style and accessor style: the source of the runtime tests'
    /// model (tests/DocStore.Generators.RuntimeTests/Models/KindsModel.cs, embedded into this assembly), so
    /// the generated code these tests inspect is the code those tests run.
    /// </summary>
    public static readonly string AllKinds = ImplicitUsings + ReadEmbedded("KindsModel.cs");

    /// <summary>
    /// Members and types named like the generated code's own parameters, locals and helpers, and like C#
    /// keywords: the runtime tests' model (tests/DocStore.Generators.RuntimeTests/Models/AwkwardNamesModel.cs).
    /// </summary>
    public static readonly string AwkwardNames = ImplicitUsings + ReadEmbedded("AwkwardNamesModel.cs");

    /// <summary>The namespace of <see cref="AllKinds"/>, which prefixes its generated files' hint names.</summary>
    public const string AllKindsNamespace = "DocStore.Generators.RuntimeTests.Models";

    // The runtime tests' project has implicit usings; the test compilation sees only what the text says.
    private const string ImplicitUsings = "using System;\nusing System.Collections.Generic;\n";

    private static string ReadEmbedded(string name)
    {
        using var stream = typeof(TestModels).Assembly.GetManifestResourceStream(name)
            ?? throw new InvalidOperationException($"The embedded model source '{name}' is missing from the test assembly.");
        using var reader = new StreamReader(stream);
        return reader.ReadToEnd();
    }
}
