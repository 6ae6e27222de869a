using System;
using System.Collections.Generic;
using System.Linq;
using DocStore.Generators.Diagnostics;
using Microsoft.CodeAnalysis;

namespace DocStore.Generators.Parsing;

/// <summary>Picks the constructor generated code reads a document type with.</summary>
internal static class ConstructorChooser
{
    /// <summary>
    /// Picks the constructor to read with. Classes use an accessible parameterless constructor when
    /// there is one; otherwise, and for structs first, the accessible constructor with the most
    /// parameters that all match a stored member by name (case-insensitively) and type.
    /// </summary>
    public static ConstructorChoice? Choose(ParseSession session, ObjectEntry entry, Location typeLocation)
    {
        INamedTypeSymbol type = entry.Symbol;
        if (type.IsAbstract || type.IsStatic)
        {
            session.Report(DiagnosticDescriptors.NoUsableConstructor, typeLocation, type.Name, "it is abstract");
            return null;
        }

        bool sameAssembly = session.InRootAssembly(type);
        List<IMethodSymbol> accessible = type.InstanceConstructors
            .Where(c => SymbolFacts.IsAccessible(c, sameAssembly) && !IsCopyConstructor(c, type))
            .ToList();

        bool hasParameterless = type.IsValueType || accessible.Any(c => c.Parameters.Length == 0);
        if (hasParameterless && !type.IsValueType)
        {
            return new ConstructorChoice(Array.Empty<MemberCandidate>());
        }

        ConstructorChoice? best = null;
        string? firstProblem = null;
        foreach (IMethodSymbol constructor in accessible.Where(c => c.Parameters.Length > 0).OrderByDescending(c => c.Parameters.Length))
        {
            var matched = new List<MemberCandidate>();
            foreach (IParameterSymbol parameter in constructor.Parameters)
            {
                MemberCandidate? member = entry.Candidates.FirstOrDefault(m =>
                    string.Equals(m.Symbol.Name, parameter.Name, StringComparison.OrdinalIgnoreCase)
                    && SymbolEqualityComparer.Default.Equals(m.Type.WithNullableAnnotation(NullableAnnotation.None), parameter.Type.WithNullableAnnotation(NullableAnnotation.None)));
                if (member is null)
                {
                    firstProblem ??= $"constructor parameter '{parameter.Name}' matches no stored member of the same name and type";
                    break;
                }

                matched.Add(member);
            }

            if (matched.Count == constructor.Parameters.Length)
            {
                best = new ConstructorChoice(matched);
                break;
            }
        }

        if (best is not null)
        {
            return best;
        }

        if (hasParameterless)
        {
            return new ConstructorChoice(Array.Empty<MemberCandidate>());
        }

        session.Report(DiagnosticDescriptors.NoUsableConstructor, typeLocation, type.Name,
            firstProblem ?? "it has no accessible constructor");
        return null;
    }

    private static bool IsCopyConstructor(IMethodSymbol constructor, INamedTypeSymbol type) =>
        constructor.Parameters.Length == 1 && SymbolEqualityComparer.Default.Equals(constructor.Parameters[0].Type, type);
}
