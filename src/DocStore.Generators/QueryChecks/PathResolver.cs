using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace DocStore.Generators.QueryChecks;

/// <summary>
/// Reads an operand of a query lambda as a value, a stored member path (<c>p.Address.City</c>), or the
/// first part of it that does not translate: a member the model does not store, a method call or
/// arithmetic on a document value.
/// </summary>
internal sealed class PathResolver(QueryModel model)
{
    public Operand Resolve(IOperation operation, LambdaScope scope)
    {
        if (scope.IsFree(operation))
        {
            return Operand.Value;
        }

        operation = StripConversions(operation);
        switch (operation)
        {
            case IParameterReferenceOperation reference when scope.PathOf(reference.Parameter) is { } path:
                return Operand.Of(path);
            case IPropertyReferenceOperation { Instance: { } instance } property:
                return Member(operation, Resolve(instance, scope), property.Property.Name);
            case IFieldReferenceOperation { Instance: { } instance } field:
                return Member(operation, Resolve(instance, scope), field.Field.Name);
            case IInvocationOperation invocation:
                return Operand.Invalid(new QueryProblem(operation.Syntax, $"it calls '{invocation.TargetMethod.Name}' with a document value, and the only methods that translate are StartsWith, Equals, string.IsNullOrEmpty, Contains, Any, Count(), string.CompareOrdinal, string.Compare with StringComparison.Ordinal and CompareTo on a non-string (each of the last three compared with 0)"));
            case IBinaryOperation:
                return Operand.Invalid(new QueryProblem(operation.Syntax, "it computes with a document value; compare the member itself and move the arithmetic to the value side"));
            default:
                return Operand.Invalid(new QueryProblem(operation.Syntax, "this form of expression over the document does not translate"));
        }
    }

    /// <summary>Strips conversions the compiler inserts (lifting to nullable, widening, enum to number); a user-defined one stays.</summary>
    public static IOperation StripConversions(IOperation operation)
    {
        while (operation is IConversionOperation { OperatorMethod: null } conversion)
        {
            operation = conversion.Operand;
        }

        return operation;
    }

    private Operand Member(IOperation operation, Operand instance, string name)
    {
        if (instance.Kind != OperandKind.Path)
        {
            return instance;
        }

        DocumentPath path = instance.Path!;
        if (path.Shape is { IsNullableValue: true } && name == "Value")
        {
            return instance;
        }

        if (model.Member(path, name) is { } member)
        {
            return Operand.Of(member);
        }

        string owner = path.Object is null ? (path.Text.Length == 0 ? "the element" : $"'{path.Text}'") : $"'{Simple(path.Object.TypeName)}'";
        return Operand.Invalid(new QueryProblem(operation.Syntax, path.Object is null
            ? $"'{name}' of {owner} is not stored; only stored members translate"
            : $"'{name}' is not a stored member of {owner} (it is [Ignore]d, computed, or not a member the model stores)"));
    }

    private static string Simple(string typeName)
    {
        int dot = typeName.LastIndexOf('.');
        return (dot < 0 ? typeName : typeName.Substring(dot + 1)).Replace("global::", string.Empty);
    }
}
