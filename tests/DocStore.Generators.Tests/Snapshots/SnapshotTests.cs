using DocStore.Generators.Tests.Infrastructure;
using DocStore.Generators.Tests.Models;

namespace DocStore.Generators.Tests.Snapshots;

/// <summary>The generated source for representative models, compared with the committed <c>*.verified.cs</c> files.</summary>
public class SnapshotTests
{
    [Theory]
    [InlineData("MyApp.Person.DocStore.g.cs", "Issue.Person")]
    [InlineData("MyApp.AppDb.DocStore.g.cs", "Issue.AppDb")]
    public void Issue_model(string hint, string snapshot) =>
        Snapshot.Verify(TestCompilation.Generate(TestModels.Issue).Sources[hint], snapshot);

    [Theory]
    [InlineData("Everything", "AllKinds.Everything")]
    [InlineData("Category", "AllKinds.Category")]
    [InlineData("Counter", "AllKinds.Counter")]
    public void Model_with_every_member_kind(string type, string snapshot) =>
        Snapshot.Verify(TestCompilation.Generate(TestModels.AllKinds).Sources[$"{TestModels.AllKindsNamespace}.{type}.DocStore.g.cs"], snapshot);

    /// <summary>How names derived from members give way to each other and to the generated code's own.</summary>
    [Fact]
    public void Model_with_members_named_like_generated_locals() =>
        Snapshot.Verify(TestCompilation.Generate(TestModels.AwkwardNames).Sources[TestModels.AllKindsNamespace + ".Awkward.Reader.DocStore.g.cs"], "Awkward.Reader");
}
