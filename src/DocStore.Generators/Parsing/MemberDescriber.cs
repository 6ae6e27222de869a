using DocStore.Generators.Model;
using Microsoft.CodeAnalysis;

namespace DocStore.Generators.Parsing;

/// <summary>
/// How generated code reads and assigns a stored member: directly where it may, else through an
/// <c>UnsafeAccessor</c> named after the getter, setter or backing field; constructor and required members
/// are passed when the object is built.
/// </summary>
internal static class MemberDescriber
{
    public static MemberModel Describe(ParseSession session, INamedTypeSymbol owner, MemberCandidate candidate, TypeShape shape, ConstructorChoice constructor)
    {
        ISymbol symbol = candidate.Symbol;
        bool sameAssembly = session.InRootAssembly(symbol);
        int parameterIndex = constructor.IndexOf(candidate);

        MemberAssignment assignment;
        string? accessorName = null;
        bool getterAccessible;
        string? getterAccessorName = null;

        if (symbol is IPropertySymbol property)
        {
            getterAccessible = SymbolFacts.IsAccessible(property.GetMethod!, sameAssembly);
            if (!getterAccessible)
            {
                getterAccessorName = "get_" + property.Name;
            }

            if (parameterIndex >= 0)
            {
                assignment = MemberAssignment.Constructor;
            }
            else if (property.IsRequired)
            {
                assignment = MemberAssignment.Required;
            }
            else if (property.SetMethod is { } setter)
            {
                bool direct = !setter.IsInitOnly && SymbolFacts.IsAccessible(setter, sameAssembly);
                assignment = direct ? MemberAssignment.Direct : MemberAssignment.SetterAccessor;
                accessorName = direct ? null : setter.Name;
            }
            else
            {
                assignment = MemberAssignment.FieldAccessor;
                accessorName = SymbolFacts.BackingField(property)!.Name;
            }
        }
        else
        {
            var field = (IFieldSymbol)symbol;
            getterAccessible = SymbolFacts.IsAccessible(field, sameAssembly);
            if (!getterAccessible)
            {
                getterAccessorName = field.Name;
            }

            if (parameterIndex >= 0)
            {
                assignment = MemberAssignment.Constructor;
            }
            else if (field.IsRequired)
            {
                assignment = MemberAssignment.Required;
            }
            else if (!field.IsReadOnly && getterAccessible)
            {
                assignment = MemberAssignment.Direct;
            }
            else
            {
                assignment = MemberAssignment.FieldAccessor;
                accessorName = field.Name;
            }
        }

        // UnsafeAccessor looks names up on the exact type of its first parameter, so accessors bind to
        // the declaring type (a base type for inherited members), not to the document type.
        // Constructor and required members always receive the read value (the default when missing).
        var (missing, missingValue, freshInits) = assignment is MemberAssignment.Constructor or MemberAssignment.Required
            ? (MissingRead.Default, null, default)
            : InitializerReader.Read(owner, symbol, shape);
        return new MemberModel(symbol.Name, candidate.StoredName, shape, assignment, parameterIndex, accessorName,
            getterAccessible, getterAccessorName, symbol is IFieldSymbol, TypeNames.Of(symbol.ContainingType), missing, missingValue, freshInits);
    }

    /// <summary>How a generated key is written back into a document, whatever the member's declared setter.</summary>
    public static (MemberAssignment Assignment, string? Accessor) KeyAssignment(ParseSession session, ISymbol member)
    {
        bool sameAssembly = session.InRootAssembly(member);
        if (member is IPropertySymbol property)
        {
            if (property.SetMethod is { } setter)
            {
                return !setter.IsInitOnly && SymbolFacts.IsAccessible(setter, sameAssembly)
                    ? (MemberAssignment.Direct, null)
                    : (MemberAssignment.SetterAccessor, setter.Name);
            }

            return (MemberAssignment.FieldAccessor, SymbolFacts.BackingField(property)!.Name);
        }

        var field = (IFieldSymbol)member;
        return !field.IsReadOnly && SymbolFacts.IsAccessible(field, sameAssembly)
            ? (MemberAssignment.Direct, null)
            : (MemberAssignment.FieldAccessor, field.Name);
    }
}
