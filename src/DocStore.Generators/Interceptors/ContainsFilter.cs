using System.Collections.Generic;
using DocStore.Generators.Model;
using DocStore.Generators.QueryChecks;
using Microsoft.CodeAnalysis.Operations;

namespace DocStore.Generators.Interceptors;

/// <summary>
/// The two <c>Contains</c> filters a compiled plan takes: an element of a sequence member equal to a value
/// (<c>p.Tags.Contains(tag)</c>, a seek of the multikey index on <c>Tags[]</c>), and the key in a list of
/// values (<c>ids.Contains(p.Id)</c>, key lookups). The pattern binds <c>v0</c> to the value, or the list.
/// </summary>
internal static class ContainsFilter
{
    private const string Ns = "global::System.Linq.Expressions.";

    public static string? Read(IInvocationOperation call, LambdaScope scope, PathResolver resolver, List<(SeekBound, DocumentPath, bool)> bounds, QueryModel model)
    {
        bool instance = call.Instance is not null;
        if (call.Arguments.Length != (instance ? 1 : 2))
        {
            return null;
        }

        var source = instance ? call.Instance! : call.Arguments[0].Value;
        var item = call.Arguments[instance ? 0 : 1].Value;
        Operand list = resolver.Resolve(source, scope);
        Operand value = resolver.Resolve(item, scope);
        if (list.Kind == OperandKind.Path && list.Path!.IsSequence && !list.Path.IsInElement && value.Kind == OperandKind.Value)
        {
            DocumentPath elements = model.Elements(list.Path);
            if (Scalar(elements.Shape) is not { } isString)
            {
                return null;
            }

            bounds.Add((new SeekBound("==", SeekPlanner.NameOf(item, 0)), elements, isString));
            return $"{Ns}MethodCallExpression {{ Method.Name: \"Contains\", Arguments: [.., var v0] }}";
        }

        if (list.Kind == OperandKind.Value && value.Kind == OperandKind.Path && value.Path!.Text == model.KeyPath
            && Scalar(value.Path.Shape) == false)
        {
            // Integer keys only: their sorted order is the primary tree's.
            bounds.Add((new SeekBound("In", SeekPlanner.NameOf(source, 0)), value.Path, false));
            return instance
                ? $"{Ns}MethodCallExpression {{ Method.Name: \"Contains\", Object: {{ }} v0 }}"
                : $"{Ns}MethodCallExpression {{ Method.Name: \"Contains\", Object: null, Arguments: [var v0, _] }}";
        }

        return null;
    }

    /// <summary>True for a string, false for a 32- or 64-bit integer, null for any other shape (what the plans encode).</summary>
    private static bool? Scalar(TypeShape? shape) => shape switch
    {
        { IsNullableValue: true } => null,
        { Kind: ShapeKind.String } => true,
        { Kind: ShapeKind.Int32 or ShapeKind.Int64 } => false,
        _ => null,
    };
}
