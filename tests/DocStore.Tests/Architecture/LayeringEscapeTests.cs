namespace DocStore.Tests.Architecture;

/// <summary>
/// The layering check must see each way code can reach a higher layer: each case adds a small file (or two)
/// to the real sources, which must still compile, and the check must name the added file.
/// </summary>
public sealed class LayeringEscapeTests
{
    [Fact]
    public void An_extension_method_of_a_higher_layer_called_inside_a_lambda_is_reported()
    {
        var violations = Check(
            ("Sql/Api/LayerProbeExtensions.cs", "namespace DocStore.Sql.Api; internal static class LayerProbeExtensions { public static int Probe(this int value) => value; }"),
            ("BTree/LayerProbe.cs", "using DocStore.Sql.Api; namespace DocStore.BTree; internal static class LayerProbe { public static Func<int, int> Make() => x => x.Probe(); }"));

        Assert.Contains(violations, v => v.StartsWith("BTree/LayerProbe.cs (BTree) uses", StringComparison.Ordinal) && v.Contains("Probe", StringComparison.Ordinal));
    }

    [Fact]
    public void A_member_of_a_higher_layer_reached_without_naming_its_type_is_reported()
    {
        var violations = Check(
            ("Collections/LayerProbe.cs", "namespace DocStore.Collections; internal static class LayerProbe { public static object Sql(DocStoreContext context) => context.Sql; }"));

        Assert.Contains(violations, v => v.StartsWith("Collections/LayerProbe.cs (Collections) uses", StringComparison.Ordinal) && v.Contains("Sql/Api", StringComparison.Ordinal));
    }

    [Fact]
    public void A_partial_type_with_parts_in_two_layers_is_reported()
    {
        var violations = Check(
            ("Storage/LayerProbe.cs", "namespace DocStore.Storage; internal partial class LayerProbe { }"),
            ("Sql/Api/LayerProbe.cs", "namespace DocStore.Storage; internal partial class LayerProbe { public int Probe => 1; }"));

        Assert.Contains(violations, v => v.StartsWith("partial type DocStore.Storage.LayerProbe has parts in two layers", StringComparison.Ordinal)
            && v.Contains("Storage/LayerProbe.cs", StringComparison.Ordinal) && v.Contains("Sql/Api/LayerProbe.cs", StringComparison.Ordinal));
    }

    [Fact]
    public void A_file_at_the_root_of_the_project_is_reported()
    {
        var violations = Check(("LayerProbe.cs", "namespace DocStore; internal static class LayerProbe { }"));

        Assert.Contains(violations, v => v.StartsWith("LayerProbe.cs is in no layer", StringComparison.Ordinal));
    }

    [Fact]
    public void Binding_using_the_executor_is_reported()
    {
        var violations = Check(
            ("Sql/Binding/LayerProbe.cs", "namespace DocStore.Sql.Binding; internal static class LayerProbe { public static string Name(DocStore.Sql.Execution.ExecState state) => state.Sql; }"));

        Assert.Contains(violations, v => v.StartsWith("Sql/Binding/LayerProbe.cs (Sql/Binding) uses", StringComparison.Ordinal) && v.Contains("Sql/Execution", StringComparison.Ordinal));
    }

    [Fact]
    public void A_name_that_binds_to_nothing_fails_the_compile_check()
    {
        var result = LayerChecker.Check([("BTree/LayerProbe.cs", "namespace DocStore.BTree; internal static class LayerProbe { public static int Make() => NoSuchType.Value; }")]);

        Assert.Contains(result.CompileErrors, e => e.Contains("LayerProbe.cs", StringComparison.Ordinal) && e.Contains("NoSuchType", StringComparison.Ordinal));
        Assert.Contains(result.Violations, v => v.Contains("binds to nothing: 'NoSuchType'", StringComparison.Ordinal));
    }

    [Fact]
    public void The_pager_reached_from_above_the_engine_is_reported()
    {
        var violations = Check(
            ("Collections/LayerProbe.cs", "namespace DocStore.Collections; internal static class LayerProbe { public static object Pages(DocStore.Engine.StorageEngine engine) => new DocStore.BTree.PageSource(engine.Pager, 0); }"));

        Assert.Contains(violations, v => v.StartsWith("Collections/LayerProbe.cs (Collections) uses", StringComparison.Ordinal)
            && v.Contains("Storage/Paging is used only up to Engine", StringComparison.Ordinal) && v.Contains("Pager", StringComparison.Ordinal));
    }

    [Fact]
    public void The_pager_reached_from_the_engine_is_not_reported()
    {
        var violations = Check(
            ("Engine/LayerProbe.cs", "namespace DocStore.Engine; internal static class LayerProbe { public static object Pages(StorageEngine engine) => new DocStore.BTree.PageSource(engine.Pager, 0); }"));

        Assert.DoesNotContain(violations, v => v.Contains("LayerProbe", StringComparison.Ordinal));
    }

    private static IReadOnlyList<string> Check(params (string RelativePath, string Text)[] files)
    {
        var result = LayerChecker.Check(files);
        Assert.True(result.CompileErrors.Count == 0, "The probe does not compile:\n" + string.Join('\n', result.CompileErrors.Take(10)));
        return result.Violations;
    }
}
